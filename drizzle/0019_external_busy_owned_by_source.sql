-- Busy times belong to their source (external_calendars), which references the workspace and the
-- calendar; the two extra keys were checked on every one of the thousands of rows a sync writes
-- (docs/external-calendars.md).
ALTER TABLE "external_busy_times" DROP CONSTRAINT "external_busy_times_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "external_busy_times" DROP CONSTRAINT "external_busy_times_staff_id_staff_id_fk";
