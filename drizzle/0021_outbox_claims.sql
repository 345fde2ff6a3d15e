ALTER TABLE "outbox_messages" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "claim_expires_at" timestamp with time zone;