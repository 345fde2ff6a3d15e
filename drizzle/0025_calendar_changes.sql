ALTER TABLE "availability_revisions" ADD COLUMN "changes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- A calendar's revision now also says what moved it (lib/db/schema/availability-revisions.ts):
-- `changes` holds, per calendar, `[since, revision, from, to, added, …]`, its last four moves
-- after the revision `since`, in the order they were written, each with the hull of the times
-- its rows occupied before and after the write (epoch microseconds, as the availability loader
-- reads them; null, null: all time) and whether the move only added busy time (1: one row
-- inserted that blocks its range for good, a confirmed booking, time off or an external busy
-- time; else 0). A cached part of a calendar's slots then changes only the starts a move can
-- touch (lib/availability/answer-cache.ts).
--
-- The revision is taken once the row is locked, so the moves of one calendar are listed in the
-- order they committed. A transaction makes one move per calendar: an update of one row is one
-- call with the hull of its times before and after; a second row of the same calendar in the
-- same transaction widens that move to all time, and every further row of it returns at once,
-- before any lock or read (a feed's sync writes thousands of rows of one calendar in one
-- transaction: it costs what it cost before this migration, one update of the row).
CREATE OR REPLACE FUNCTION "bump_calendar_revision"(workspace uuid, calendar uuid, changed_from bigint, changed_to bigint, added boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('availability.bumped_calendars', true), '');
  widened text := coalesce(current_setting('availability.widened_calendars', true), '');
  mark text := workspace::text || '/' || calendar::text || ' ';
  changes_kept constant int := 4;
  known jsonb;
  log jsonb;
  value bigint;
  n int;
BEGIN
  IF calendar IS NULL OR position(mark IN widened) > 0 THEN
    RETURN;
  END IF;
  SELECT changes -> calendar::text, calendars -> calendar::text INTO log, known FROM availability_revisions WHERE workspace_id = workspace FOR UPDATE;
  IF NOT FOUND THEN
    -- A new row takes a fresh workspace revision too: after a truncate no value is read twice.
    INSERT INTO availability_revisions (workspace_id, revision) VALUES (workspace, nextval('availability_revision_seq'))
      ON CONFLICT (workspace_id) DO NOTHING;
    SELECT changes -> calendar::text, calendars -> calendar::text INTO log, known FROM availability_revisions WHERE workspace_id = workspace FOR UPDATE;
  END IF;
  IF position(mark IN bumped) > 0 THEN
    -- This transaction moved the calendar already: its move, the log's last, now touches all time.
    n := jsonb_array_length(log);
    log := jsonb_set(jsonb_set(jsonb_set(log, ARRAY[(n - 3)::text], 'null'::jsonb), ARRAY[(n - 2)::text], 'null'::jsonb), ARRAY[(n - 1)::text], '0'::jsonb);
    UPDATE availability_revisions SET changes = changes || jsonb_build_object(calendar::text, log) WHERE workspace_id = workspace;
    PERFORM set_config('availability.widened_calendars', widened || mark, true);
    RETURN;
  END IF;
  value := nextval('availability_revision_seq');
  -- A calendar with no log yet: its list starts after the revision it had.
  log := coalesce(log, jsonb_build_array(coalesce(known, '0'::jsonb))) || jsonb_build_array(value, changed_from, changed_to, CASE WHEN added THEN 1 ELSE 0 END);
  IF (jsonb_array_length(log) - 1) / 4 > changes_kept THEN
    -- The oldest move leaves; the list then starts after it.
    log := jsonb_build_array(log -> 1) || ((((log - 0) - 0) - 0) - 0) - 0;
  END IF;
  UPDATE availability_revisions
    SET calendars = calendars || jsonb_build_object(calendar::text, value), changes = changes || jsonb_build_object(calendar::text, log)
    WHERE workspace_id = workspace;
  PERFORM set_config('availability.bumped_calendars', bumped || mark, true);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_calendar_revision_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_from bigint;
  old_to bigint;
  new_from bigint;
  new_to bigint;
  -- The new row makes its time busy for good (a confirmed booking, time off, an external busy time).
  blocks boolean := false;
BEGIN
  -- The times a row occupies, epoch microseconds (null, null: all time, as weekly hours).
  IF TG_OP <> 'INSERT' THEN
    IF TG_TABLE_NAME = 'bookings' THEN
      old_from := (date_part('epoch', OLD.occupied_start) * 1000000)::bigint;
      old_to := (date_part('epoch', OLD.occupied_end) * 1000000)::bigint;
    ELSIF TG_TABLE_NAME IN ('time_off', 'external_busy_times') THEN
      old_from := (date_part('epoch', OLD.starts_at) * 1000000)::bigint;
      old_to := (date_part('epoch', OLD.ends_at) * 1000000)::bigint;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_TABLE_NAME = 'bookings' THEN
      new_from := (date_part('epoch', NEW.occupied_start) * 1000000)::bigint;
      new_to := (date_part('epoch', NEW.occupied_end) * 1000000)::bigint;
      blocks := NEW.status IN ('confirmed', 'no_show');
    ELSIF TG_TABLE_NAME IN ('time_off', 'external_busy_times') THEN
      new_from := (date_part('epoch', NEW.starts_at) * 1000000)::bigint;
      new_to := (date_part('epoch', NEW.ends_at) * 1000000)::bigint;
      blocks := true;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.staff_id IS NOT DISTINCT FROM NEW.staff_id THEN
    -- One row of one calendar: one call, the hull of its times before and after.
    PERFORM bump_calendar_revision(NEW.workspace_id, NEW.staff_id, least(old_from, new_from), greatest(old_to, new_to), false);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM bump_calendar_revision(OLD.workspace_id, OLD.staff_id, old_from, old_to, false);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM bump_calendar_revision(NEW.workspace_id, NEW.staff_id, new_from, new_to, TG_OP = 'INSERT' AND blocks);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION "bump_calendar_revision"(uuid, uuid);
