-- Double booking is impossible by construction: no two live bookings of one calendar may
-- occupy overlapping half-open ranges (appointment widened by its buffers). A lapsed hold
-- still counts here until it is flipped to `expired`; creation flips lapsed holds in its
-- own transaction before inserting.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, tstzrange("occupied_start", "occupied_end", '[)') WITH &&)
  WHERE ("status" IN ('pending', 'awaiting_payment', 'confirmed', 'no_show'));--> statement-breakpoint
INSERT INTO "clock_offset" ("id", "offset_ms") VALUES (1, 0) ON CONFLICT DO NOTHING;
