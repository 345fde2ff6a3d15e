-- A create refused because its start was taken keeps the service and the questions it was
-- checked against, and refuses the same start again without a query while the workspace's
-- revision is unchanged (lib/bookings/known-taken.ts). So a change to the questions gives the
-- workspace a new revision too, like every change to what that check reads.
CREATE CONSTRAINT TRIGGER "questions_availability_revision" AFTER INSERT OR UPDATE OR DELETE ON "questions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_availability_revision"();
