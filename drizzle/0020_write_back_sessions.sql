-- Write-back puts a group session as one event (docs/group-sessions.md): each booking written
-- remembers the session event it was counted in, so a moved attendee also updates the one it left.
ALTER TABLE "external_calendar_writes" ADD COLUMN "session_id" uuid;