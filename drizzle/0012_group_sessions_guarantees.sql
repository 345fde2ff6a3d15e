-- Group sessions (docs/group-sessions.md). Bookings of one session (same `session_id`: one
-- calendar, one group service, one start) may overlap each other; nothing else may overlap
-- them, and no two other live bookings of one calendar may overlap, as before. A booking of a
-- capacity-1 service has no session: `coalesce(session_id, id)` is its own id, unequal to
-- every other row's, so for it the constraint reads exactly as migration 0001's did.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("staff_id" WITH =, tstzrange("occupied_start", "occupied_end", '[)') WITH &&, (coalesce("session_id", "id")) WITH <>)
  WHERE ("status" IN ('pending', 'awaiting_payment', 'confirmed', 'no_show'));--> statement-breakpoint
-- A session's seats: every live booking of it holds one. Kept in the writing statement itself
-- (not deferred), so the seat past the capacity fails that very INSERT or UPDATE with the
-- CHECK `booking_sessions_seats_within_capacity` (23514), which the app answers with 409
-- slot_unavailable. Two writers of one session queue on its row (the upsert locks it), on
-- every instance. A hold flipped to `expired`, a cancel or a move gives its seat back at once.
-- The capacity written is the service's when the seat is taken: a lowered capacity keeps every
-- booking and refuses seats until there is room.
CREATE FUNCTION "count_session_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_seated boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.session_id IS NOT NULL
    AND OLD.status IN ('pending', 'awaiting_payment', 'confirmed', 'no_show');
  is_seated boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.session_id IS NOT NULL
    AND NEW.status IN ('pending', 'awaiting_payment', 'confirmed', 'no_show');
BEGIN
  IF was_seated AND is_seated AND OLD.session_id = NEW.session_id THEN
    RETURN NULL;
  END IF;
  IF was_seated THEN
    UPDATE booking_sessions SET seats_taken = seats_taken - 1 WHERE id = OLD.session_id;
  END IF;
  IF is_seated THEN
    INSERT INTO booking_sessions (id, workspace_id, service_id, staff_id, starts_at, capacity, seats_taken)
      SELECT NEW.session_id, NEW.workspace_id, NEW.service_id, NEW.staff_id, NEW.starts_at, services.capacity, 1
      FROM services WHERE services.id = NEW.service_id
      ON CONFLICT (id) DO UPDATE SET seats_taken = booking_sessions.seats_taken + 1, capacity = excluded.capacity;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_session_seats_insert" AFTER INSERT ON "bookings"
  FOR EACH ROW WHEN (NEW.session_id IS NOT NULL) EXECUTE FUNCTION "count_session_seats"();--> statement-breakpoint
CREATE TRIGGER "bookings_session_seats_update" AFTER UPDATE OF "status", "session_id" ON "bookings"
  FOR EACH ROW WHEN (OLD.session_id IS NOT NULL OR NEW.session_id IS NOT NULL) EXECUTE FUNCTION "count_session_seats"();--> statement-breakpoint
CREATE TRIGGER "bookings_session_seats_delete" AFTER DELETE ON "bookings"
  FOR EACH ROW WHEN (OLD.session_id IS NOT NULL) EXECUTE FUNCTION "count_session_seats"();
