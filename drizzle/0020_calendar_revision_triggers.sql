-- A write now moves only what it changes (lib/db/schema/availability-revisions.ts): a booking,
-- a calendar's weekly hours, its time off or its external busy times move that calendar's
-- revision, not the workspace's, so a booking on one calendar leaves every other calendar's
-- cached slots serving (lib/availability/answer-cache.ts). The workspace's revision still
-- moves with services, calendars, their links and questions (migrations 0004, 0009).
--
-- The value lives in the workspace's one row, like the workspace's: a transaction still takes
-- one revision lock per workspace, the last one, at commit (no new deadlock between writers
-- that touch two calendars in opposite orders).
CREATE FUNCTION "bump_calendar_revision"(workspace uuid, calendar uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('availability.bumped_calendars', true), '');
  mark text := workspace::text || '/' || calendar::text || ' ';
BEGIN
  IF calendar IS NULL OR position(mark IN bumped) > 0 THEN
    RETURN;
  END IF;
  -- A new row takes a fresh workspace revision too: after a truncate no value is read twice.
  INSERT INTO availability_revisions (workspace_id, revision, calendars)
    VALUES (workspace, nextval('availability_revision_seq'), jsonb_build_object(calendar::text, nextval('availability_revision_seq')))
    ON CONFLICT (workspace_id) DO UPDATE
      SET calendars = availability_revisions.calendars || jsonb_build_object(calendar::text, nextval('availability_revision_seq'));
  PERFORM set_config('availability.bumped_calendars', bumped || mark, true);
END
$$;--> statement-breakpoint
CREATE FUNCTION "bump_calendar_revision_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_calendar_revision(OLD.workspace_id, OLD.staff_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_calendar_revision(NEW.workspace_id, NEW.staff_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "bookings_availability_revision" ON "bookings";--> statement-breakpoint
DROP TRIGGER "working_hours_availability_revision" ON "working_hours";--> statement-breakpoint
DROP TRIGGER "time_off_availability_revision" ON "time_off";--> statement-breakpoint
DROP TRIGGER "external_busy_times_availability_revision" ON "external_busy_times";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_calendar_revision" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_calendar_revision_of_row"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "working_hours_calendar_revision" AFTER INSERT OR UPDATE OR DELETE ON "working_hours"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_calendar_revision_of_row"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "time_off_calendar_revision" AFTER INSERT OR UPDATE OR DELETE ON "time_off"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_calendar_revision_of_row"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "external_busy_times_calendar_revision" AFTER INSERT OR UPDATE OR DELETE ON "external_busy_times"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_calendar_revision_of_row"();
