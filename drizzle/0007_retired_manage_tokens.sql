ALTER TABLE "bookings" ADD COLUMN "retired_token_hash" text;--> statement-breakpoint
CREATE INDEX "bookings_retired_token_hash_index" ON "bookings" USING btree ("retired_token_hash");