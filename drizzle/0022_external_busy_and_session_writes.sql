-- Busy times belong to their source (external_calendars), which references the workspace and the
-- calendar; the two extra keys were checked on every one of the thousands of rows a sync writes
-- (docs/external-calendars.md). Write-back puts a group session as one event
-- (docs/group-sessions.md): each booking written remembers the session event it was counted in.
ALTER TABLE "external_busy_times" DROP CONSTRAINT "external_busy_times_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "external_busy_times" DROP CONSTRAINT "external_busy_times_staff_id_staff_id_fk";
--> statement-breakpoint
ALTER TABLE "external_calendar_writes" ADD COLUMN "session_id" uuid;