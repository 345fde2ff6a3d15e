import {
  BusyQuery,
  CreateExternalCalendarBody,
  ExternalCalendar,
  ExternalCalendarParams,
  MAX_BUSY_RANGE_DAYS,
  MAX_EXTERNAL_CALENDARS_PER_STAFF,
  StaffBusy,
  UpdateExternalCalendarBody,
} from "@/lib/external-calendars/schemas";
import { DeletedResponse } from "@/lib/schemas";
import { z } from "zod";
import { StaffIdParams } from "@/lib/staff/schemas";
import { defineOperation } from "../operation";

const TAG = "External calendars";
const SECRET_NOTE =
  "The address, username and password are stored sealed and never answered, logged or put in an error message; display_url shows scheme, host and the path's last 4 characters.";

export const listExternalCalendars = defineOperation({
  id: "listExternalCalendars",
  method: "GET",
  path: "/v1/staff/{id}/external-calendars",
  tag: TAG,
  summary: "List a calendar's external calendars",
  description: `Oldest first, at most ${MAX_EXTERNAL_CALENDARS_PER_STAFF}, each with its sync status, last_error and busy_count. ${SECRET_NOTE}`,
  auth: "sk",
  params: StaffIdParams,
  response: { status: 200, schema: z.object({ data: z.array(ExternalCalendar) }) },
  errors: ["not_found"],
});

export const createExternalCalendar = defineOperation({
  id: "createExternalCalendar",
  method: "POST",
  path: "/v1/staff/{id}/external-calendars",
  tag: TAG,
  summary: "Connect an external calendar",
  description:
    '`{kind: "ics", url}` (Google\'s secret address in iCal format, Outlook\'s published ICS link, any .ics URL) or `{kind: "caldav", url, username, password}` (iCloud, Fastmail, Nextcloud with an app password). ' +
    "The source is read before this answers: 201 with status ok and its busy_count, or 422 validation_failed with param url (password for a refused CalDAV login) and a message naming the cause " +
    '("The server answered 404 …", "The document is not an iCalendar document …", "An event has no DTSTART.", "The calendar holds more than 50,000 events."); nothing is stored then. ' +
    "Addresses follow the webhook URL rule (https, no private, loopback or link-local address) on every redirect hop, at most 3; a read is cut off at 15 s and 10 MB. " +
    `From then on its busy times block starts exactly as time off does, and it is synced every 5 minutes. At most ${MAX_EXTERNAL_CALENDARS_PER_STAFF} per calendar (422, param url). ${SECRET_NOTE}`,
  auth: "sk",
  params: StaffIdParams,
  body: CreateExternalCalendarBody,
  response: { status: 201, schema: ExternalCalendar },
  errors: ["not_found", "validation_failed"],
});

export const updateExternalCalendar = defineOperation({
  id: "updateExternalCalendar",
  method: "PATCH",
  path: "/v1/staff/{id}/external-calendars/{ecId}",
  tag: TAG,
  summary: "Rename, turn off or turn on an external calendar",
  description:
    "name: a new label (null clears it). active: false → status disabled, no more syncs; its busy times still count until it is deleted. active: true on a disabled source → it is synced at once (the answer shows the outcome) and periodically again.",
  auth: "sk",
  params: ExternalCalendarParams,
  body: UpdateExternalCalendarBody,
  response: { status: 200, schema: ExternalCalendar },
  errors: ["not_found", "validation_failed"],
});

export const deleteExternalCalendar = defineOperation({
  id: "deleteExternalCalendar",
  method: "DELETE",
  path: "/v1/staff/{id}/external-calendars/{ecId}",
  tag: TAG,
  summary: "Disconnect an external calendar",
  description: "Answers {id, deleted: true}; its busy times stop counting at once and its sealed credentials are erased.",
  auth: "sk",
  params: ExternalCalendarParams,
  response: { status: 200, schema: DeletedResponse },
  errors: ["not_found"],
});

export const syncExternalCalendar = defineOperation({
  id: "syncExternalCalendar",
  method: "POST",
  path: "/v1/staff/{id}/external-calendars/{ecId}/sync",
  tag: TAG,
  summary: "Sync an external calendar now",
  description:
    "Reads the source now and answers it: status ok with the new busy_count, or status failing with last_error (the last good busy times stay in force). A sync that finds nothing changed writes nothing. While another sync of the same source runs, answers the source as it stands.",
  auth: "sk",
  params: ExternalCalendarParams,
  response: { status: 200, schema: ExternalCalendar },
  errors: ["not_found"],
});

export const listStaffBusy = defineOperation({
  id: "listStaffBusy",
  method: "GET",
  path: "/v1/staff/{id}/busy",
  tag: TAG,
  summary: "Why times are not offered: a calendar's busy intervals",
  description:
    `The calendar's busy intervals meeting [from, to) (at most ${MAX_BUSY_RANGE_DAYS} days; else 422 param to), merged where they overlap or touch, in the workspace's offset, ` +
    "each with its sources: booking (a booking holding the calendar, buffers included), time_off, or external_calendar (with the external calendar's id). Working hours are not listed.",
  auth: "sk",
  params: StaffIdParams,
  query: BusyQuery,
  response: { status: 200, schema: StaffBusy },
  errors: ["not_found", "validation_failed"],
});
