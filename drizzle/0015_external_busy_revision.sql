-- Availability reads external busy times beside time off (docs/external-calendars.md), so a
-- sync that changes them gives the workspace a new availability revision, as migration 0004
-- does for every other table availability reads. A sync that changes nothing writes no row.
CREATE CONSTRAINT TRIGGER "external_busy_times_availability_revision" AFTER INSERT OR UPDATE OR DELETE ON "external_busy_times"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_availability_revision"();
