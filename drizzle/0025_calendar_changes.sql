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
-- order they committed; a second row of the same calendar in one transaction widens that
-- transaction's move (and makes it more than an addition) instead of adding one.
CREATE OR REPLACE FUNCTION "bump_calendar_revision"(workspace uuid, calendar uuid, changed_from bigint, changed_to bigint, added boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('availability.bumped_calendars', true), '');
  mark text := workspace::text || '/' || calendar::text || ' ';
  changes_kept constant int := 4;
  known jsonb;
  log jsonb;
  value bigint;
  n int;
  last_from bigint;
  last_to bigint;
BEGIN
  IF calendar IS NULL THEN
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
    -- This transaction moved the calendar already: its move is the log's last, widened.
    n := jsonb_array_length(log);
    last_from := (log ->> (n - 3))::bigint;
    last_to := (log ->> (n - 2))::bigint;
    IF last_from IS NULL OR changed_from IS NULL THEN
      log := jsonb_set(jsonb_set(log, ARRAY[(n - 3)::text], 'null'::jsonb), ARRAY[(n - 2)::text], 'null'::jsonb);
    ELSE
      log := jsonb_set(jsonb_set(log, ARRAY[(n - 3)::text], to_jsonb(least(last_from, changed_from))), ARRAY[(n - 2)::text], to_jsonb(greatest(last_to, changed_to)));
    END IF;
    log := jsonb_set(log, ARRAY[(n - 1)::text], '0'::jsonb);
    UPDATE availability_revisions SET changes = changes || jsonb_build_object(calendar::text, log) WHERE workspace_id = workspace;
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
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF TG_TABLE_NAME = 'bookings' THEN
      PERFORM bump_calendar_revision(OLD.workspace_id, OLD.staff_id, (date_part('epoch', OLD.occupied_start) * 1000000)::bigint, (date_part('epoch', OLD.occupied_end) * 1000000)::bigint, false);
    ELSIF TG_TABLE_NAME IN ('time_off', 'external_busy_times') THEN
      PERFORM bump_calendar_revision(OLD.workspace_id, OLD.staff_id, (date_part('epoch', OLD.starts_at) * 1000000)::bigint, (date_part('epoch', OLD.ends_at) * 1000000)::bigint, false);
    ELSE
      PERFORM bump_calendar_revision(OLD.workspace_id, OLD.staff_id, NULL, NULL, false);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_TABLE_NAME = 'bookings' THEN
      PERFORM bump_calendar_revision(NEW.workspace_id, NEW.staff_id, (date_part('epoch', NEW.occupied_start) * 1000000)::bigint, (date_part('epoch', NEW.occupied_end) * 1000000)::bigint,
        TG_OP = 'INSERT' AND NEW.status IN ('confirmed', 'no_show'));
    ELSIF TG_TABLE_NAME IN ('time_off', 'external_busy_times') THEN
      PERFORM bump_calendar_revision(NEW.workspace_id, NEW.staff_id, (date_part('epoch', NEW.starts_at) * 1000000)::bigint, (date_part('epoch', NEW.ends_at) * 1000000)::bigint, TG_OP = 'INSERT');
    ELSE
      PERFORM bump_calendar_revision(NEW.workspace_id, NEW.staff_id, NULL, NULL, false);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION "bump_calendar_revision"(uuid, uuid);
