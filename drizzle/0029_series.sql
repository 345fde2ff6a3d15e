ALTER TABLE "services" ADD COLUMN "repeat_max" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "bookings_series_id_index" ON "bookings" USING btree ("series_id");