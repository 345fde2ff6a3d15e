-- A calendar's revision says that it moved, no longer what the move touched: the `changes` log
-- of migration 0025 goes, and a cached part of a stale calendar is computed again whole
-- (lib/availability/answer-cache.ts). The trigger is back to one statement per calendar and
-- transaction: the first row of a calendar takes a new value, every further row of it returns
-- before any lock or read (a feed's sync writes thousands of rows of one calendar at once).
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
CREATE OR REPLACE FUNCTION "bump_calendar_revision_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP FUNCTION "bump_calendar_revision"(uuid, uuid, bigint, bigint, boolean);--> statement-breakpoint
ALTER TABLE "availability_revisions" DROP COLUMN "changes";
