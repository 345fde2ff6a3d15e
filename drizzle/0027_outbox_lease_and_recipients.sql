DROP INDEX "outbox_messages_booking_id_position_index";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "recipient" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "finished_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_booking_id_channel_recipient_position_index" ON "outbox_messages" USING btree ("booking_id","channel","recipient","position");--> statement-breakpoint
CREATE INDEX "outbox_messages_workspace_id_created_at_index" ON "outbox_messages" USING btree ("workspace_id","created_at");--> statement-breakpoint
-- Rows written before attempts were counted twice: every attempt not under way had finished.
UPDATE "outbox_messages" SET "finished_attempts" = "attempts" WHERE "claimed_by" IS NULL;
