-- Availability answers are cached per instance and served again while their workspace's
-- revision is unchanged (lib/availability/answer-cache.ts). Every write to a table that
-- availability reads gives the workspace a new revision in the same transaction.
CREATE TABLE "availability_revisions" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);--> statement-breakpoint
-- Values come from one sequence, so no value is ever written twice (not even after a restore
-- or a truncate): equal revisions always mean the same committed data.
CREATE SEQUENCE "availability_revision_seq";--> statement-breakpoint
-- Deferred to commit, the bump is the last lock a transaction takes, so it cannot be part of
-- a deadlock; one bump per workspace and transaction is enough (readers see the transaction's
-- changes and its value together, at commit).
CREATE FUNCTION "bump_availability_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  workspace uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.workspace_id ELSE NEW.workspace_id END;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.workspace_id IS DISTINCT FROM NEW.workspace_id THEN
    PERFORM set_config('availability.bumped', '', true);
    INSERT INTO availability_revisions (workspace_id, revision) VALUES (OLD.workspace_id, nextval('availability_revision_seq'))
      ON CONFLICT (workspace_id) DO UPDATE SET revision = excluded.revision;
  END IF;
  IF current_setting('availability.bumped', true) = workspace::text THEN
    RETURN NULL;
  END IF;
  INSERT INTO availability_revisions (workspace_id, revision) VALUES (workspace, nextval('availability_revision_seq'))
    ON CONFLICT (workspace_id) DO UPDATE SET revision = excluded.revision;
  PERFORM set_config('availability.bumped', workspace::text, true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "services_availability_revision" AFTER INSERT OR UPDATE OR DELETE ON "services"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_availability_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "staff_availability_revision" AFTER INSERT OR UPDATE OR DELETE ON "staff"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_availability_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "service_staff_availability_revision" AFTER INSERT OR UPDATE OR DELETE ON "service_staff"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_availability_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "working_hours_availability_revision" AFTER INSERT OR UPDATE OR DELETE ON "working_hours"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_availability_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "time_off_availability_revision" AFTER INSERT OR UPDATE OR DELETE ON "time_off"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_availability_revision"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "bookings_availability_revision" AFTER INSERT OR UPDATE OR DELETE ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_availability_revision"();
