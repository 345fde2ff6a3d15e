ALTER TABLE "webhook_deliveries" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "claim_expires_at" timestamp with time zone;