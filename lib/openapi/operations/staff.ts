import { z } from "zod";
import { CalendarFeed } from "@/lib/calendar-feeds/schemas";
import { DeletedResponse, ListEnvelope, PageQuery } from "@/lib/schemas";
import {
  CreateStaffBody,
  CreateTimeOffBody,
  PutWorkingHoursBody,
  Staff,
  StaffIdParams,
  StaffWorkingHours,
  TimeOff,
  TimeOffParams,
  UpdateStaffBody,
  WorkingHours,
} from "@/lib/staff/schemas";
import { defineOperation } from "../operation";

const CAP_NOTE =
  "Active calendars are capped by the account's plan, counted across all of the account's live workspaces: at the cap this answers 402 plan_limit_exceeded with dimension staff.";

export const listStaff = defineOperation({
  id: "listStaff",
  method: "GET",
  path: "/v1/staff",
  tag: "Staff",
  summary: "List calendars",
  description: "Every calendar, active or not, newest first.",
  auth: "sk",
  query: PageQuery,
  response: { status: 200, schema: ListEnvelope(Staff) },
  errors: ["validation_failed"],
});

export const createStaff = defineOperation({
  id: "createStaff",
  method: "POST",
  path: "/v1/staff",
  tag: "Staff",
  summary: "Create a calendar",
  description: `A new calendar is active, has no working hours and offers no service until PUT /v1/services/{id}/staff. ${CAP_NOTE}`,
  auth: "sk",
  body: CreateStaffBody,
  response: { status: 201, schema: Staff },
  errors: ["plan_limit_exceeded", "validation_failed"],
});

export const getStaff = defineOperation({
  id: "getStaff",
  method: "GET",
  path: "/v1/staff/{id}",
  tag: "Staff",
  summary: "Read a calendar",
  description: "One calendar (a person or resource that takes bookings) with its name, title, bio and whether it is active.",
  auth: "sk",
  params: StaffIdParams,
  response: { status: 200, schema: Staff },
  errors: ["not_found"],
});

export const updateStaff = defineOperation({
  id: "updateStaff",
  method: "PATCH",
  path: "/v1/staff/{id}",
  tag: "Staff",
  summary: "Change a calendar",
  description: `Partial: name, title, bio (null clears), active. active false deactivates; active true re-activates within the cap. ${CAP_NOTE}`,
  auth: "sk",
  params: StaffIdParams,
  body: UpdateStaffBody,
  response: { status: 200, schema: Staff },
  errors: ["not_found", "plan_limit_exceeded", "validation_failed"],
});

export const deactivateStaff = defineOperation({
  id: "deactivateStaff",
  method: "DELETE",
  path: "/v1/staff/{id}",
  tag: "Staff",
  summary: "Deactivate a calendar",
  description:
    "Deactivates (nothing is erased: hours, time off, services offered and bookings stay). The calendar stops offering slots and leaves the booking pages; " +
    "existing bookings are untouched. Answers 200 with the calendar, active false. Idempotent. PATCH active true brings it back.",
  auth: "sk",
  params: StaffIdParams,
  response: { status: 200, schema: Staff },
  errors: ["not_found"],
});

const WEEK_NOTE =
  "A block is weekday (0 Sunday … 6 Saturday), start_minute and end_minute in minutes after local midnight in the workspace timezone, 0 ≤ start < end ≤ 1440. " +
  "Blocks of one weekday must not overlap (touching is fine; they stay separate blocks, an appointment never spans two).";

export const listAllWorkingHours = defineOperation({
  id: "listAllWorkingHours",
  method: "GET",
  path: "/v1/staff/working-hours",
  tag: "Staff",
  summary: "Read every calendar's weekly hours",
  description: `One item per calendar (active or not, newest first), blocks ordered by weekday then start; a calendar with no hours has []. ${WEEK_NOTE}`,
  auth: "sk",
  response: { status: 200, schema: z.object({ data: z.array(StaffWorkingHours), next_cursor: z.null() }) },
  errors: [],
});

export const getWorkingHours = defineOperation({
  id: "getWorkingHours",
  method: "GET",
  path: "/v1/staff/{id}/working-hours",
  tag: "Staff",
  summary: "Read a calendar's weekly hours",
  description: `The same shape PUT answers: {working_hours}, ordered by weekday then start. ${WEEK_NOTE}`,
  auth: "sk",
  params: StaffIdParams,
  response: { status: 200, schema: WorkingHours },
  errors: ["not_found"],
});

export const setWorkingHours = defineOperation({
  id: "setWorkingHours",
  method: "PUT",
  path: "/v1/staff/{id}/working-hours",
  tag: "Staff",
  summary: "Replace a calendar's weekly hours",
  description:
    "Replaces the whole week in one transaction: omitted blocks are erased, an empty array clears it (no slots). " +
    `Answers {working_hours} ordered by weekday then start. A refusal names the element, e.g. param working_hours.2.end_minute, or working_hours.2 for an overlap. ${WEEK_NOTE}`,
  auth: "sk",
  params: StaffIdParams,
  body: PutWorkingHoursBody,
  response: { status: 200, schema: WorkingHours },
  errors: ["not_found", "validation_failed"],
});

export const listTimeOff = defineOperation({
  id: "listTimeOff",
  method: "GET",
  path: "/v1/staff/{id}/time-off",
  tag: "Staff",
  summary: "List a calendar's time off",
  description: "Newest first by creation. starts_at and ends_at carry the workspace's offset.",
  auth: "sk",
  params: StaffIdParams,
  query: PageQuery,
  response: { status: 200, schema: ListEnvelope(TimeOff) },
  errors: ["not_found", "validation_failed"],
});

export const createTimeOff = defineOperation({
  id: "createTimeOff",
  method: "POST",
  path: "/v1/staff/{id}/time-off",
  tag: "Staff",
  summary: "Add time off to a calendar",
  description:
    'ends_at must be after starts_at (else 422, param ends_at); reason is optional ("" when absent). The period is removed from availability; ' +
    "bookings inside it are not cancelled. Answers 201 with the record, times in the workspace's offset.",
  auth: "sk",
  params: StaffIdParams,
  body: CreateTimeOffBody,
  response: { status: 201, schema: TimeOff },
  errors: ["not_found", "validation_failed"],
});

export const deleteTimeOff = defineOperation({
  id: "deleteTimeOff",
  method: "DELETE",
  path: "/v1/staff/{id}/time-off/{timeOffId}",
  tag: "Staff",
  summary: "Remove time off",
  description: "Answers {id, deleted: true}; the period's slots open again. A period of another calendar is 404.",
  auth: "sk",
  params: TimeOffParams,
  response: { status: 200, schema: DeletedResponse },
  errors: ["not_found"],
});

export const putCalendarFeed = defineOperation({
  id: "putCalendarFeed",
  method: "PUT",
  path: "/v1/staff/{id}/calendar-feed",
  tag: "Staff",
  summary: "Make (or replace) a calendar's feed",
  description:
    "Answers the calendar's secret iCalendar (RFC 5545) feed URL, `{APP_URL}/feeds/{token}.ics`, once: the token is stored hashed, so a lost URL is replaced by calling this again (the old URL then answers 404). " +
    "`GET /feeds/{token}.ics` (no key; outside /v1) answers `text/calendar` with the calendar's confirmed bookings from 30 days ago onwards, one VEVENT each: UID = booking id, SEQUENCE growing with each move, SUMMARY = service and customer name (never the customer's email or phone). Moved bookings move, cancelled ones disappear.",
  auth: "sk",
  params: StaffIdParams,
  response: { status: 200, schema: CalendarFeed },
  errors: ["not_found"],
});

export const deleteCalendarFeed = defineOperation({
  id: "deleteCalendarFeed",
  method: "DELETE",
  path: "/v1/staff/{id}/calendar-feed",
  tag: "Staff",
  summary: "Turn a calendar's feed off",
  description: "Answers {id, deleted: true} with the calendar's id; the feed URL answers 404 from now on. A calendar without a feed answers the same.",
  auth: "sk",
  params: StaffIdParams,
  response: { status: 200, schema: DeletedResponse },
  errors: ["not_found"],
});
