import { z } from "zod";
import { EXTERNAL_CALENDAR_KINDS, EXTERNAL_CALENDAR_STATUSES } from "@/lib/db/schema";
import { DateTimeInput, DateTimeOutput, PlainText, Uuid } from "@/lib/schemas";

/** At most this many external calendars per calendar (staff). */
export const MAX_EXTERNAL_CALENDARS_PER_STAFF = 10;
/** GET /v1/staff/{id}/busy answers at most this span. */
export const MAX_BUSY_RANGE_DAYS = 62;

const SourceUrl = z.string().min(1).max(2048).meta({
  format: "uri",
  description:
    "http(s) address (webcal:// and webcals:// are read as https://). A secret: it is stored sealed and never answered; display_url shows a hint of it.",
  example: "https://calendar.google.com/calendar/ical/alex%40example.com/private-0123456789abcdef/basic.ics",
});
const Name = PlainText(200).nullable().optional().meta({ description: "A label for people; null when absent." });

export const CreateIcsCalendarBody = z.object({ kind: z.literal("ics"), url: SourceUrl, name: Name }).meta({
  id: "CreateIcsExternalCalendar",
  description: "An iCalendar address: Google's secret address in iCal format, Outlook's published ICS link, any .ics URL.",
});
export const CreateCaldavCalendarBody = z
  .object({
    kind: z.literal("caldav"),
    url: SourceUrl.meta({ description: "The CalDAV collection's address (iCloud, Fastmail, Nextcloud, Radicale …). Stored sealed, never answered." }),
    username: z.string().min(1).max(320),
    password: z.string().min(1).max(1024).meta({ description: "An app password. Stored sealed, never answered." }),
    name: Name,
    write_back: z.boolean().optional().meta({ description: "Put each confirmed booking into this collection (default false)." }),
  })
  .meta({ id: "CreateCaldavExternalCalendar" });
export const CreateExternalCalendarBody = z.discriminatedUnion("kind", [CreateIcsCalendarBody, CreateCaldavCalendarBody]);
export type CreateExternalCalendarBody = z.infer<typeof CreateExternalCalendarBody>;

export const UpdateExternalCalendarBody = z.object({
  name: Name,
  active: z
    .boolean()
    .optional()
    .meta({ description: "false: status disabled, no more syncs (busy times held stay until deleted). true: synced again at once." }),
});
export type UpdateExternalCalendarBody = z.infer<typeof UpdateExternalCalendarBody>;

export const ExternalCalendar = z
  .object({
    id: Uuid,
    staff_id: Uuid,
    kind: z.enum(EXTERNAL_CALENDAR_KINDS),
    display_url: z.string().meta({ description: "Scheme, host and the path's last 4 characters.", example: "https://calendar.google.com/…c.ics" }),
    name: z.string().nullable(),
    status: z.enum(EXTERNAL_CALENDAR_STATUSES).meta({
      description:
        "ok: the last sync succeeded. failing: the last sync failed (see last_error); the last good busy times still count. disabled: not synced (turned off, or failing for 7 days); its busy times still count until it is deleted.",
    }),
    last_synced_at: DateTimeOutput.nullable(),
    last_success_at: DateTimeOutput.nullable(),
    last_error: z.string().nullable().meta({ description: "Why the last sync failed, in words safe to show; null after a success." }),
    busy_count: z.number().int().meta({ description: "Busy intervals currently held from this source." }),
    write_back: z.boolean(),
    created_at: DateTimeOutput,
  })
  .meta({ id: "ExternalCalendar" });
export type ExternalCalendar = z.infer<typeof ExternalCalendar>;

export const ExternalCalendarParams = z.object({ id: Uuid, ecId: Uuid });

/** Without from, now; without to, 7 days after from. */
export const DEFAULT_BUSY_RANGE_DAYS = 7;
export const BusyQuery = z.object({
  from: DateTimeInput.optional().meta({ description: "Default: now." }),
  to: DateTimeInput.optional().meta({
    description: `After from, at most ${MAX_BUSY_RANGE_DAYS} days later. Default: ${DEFAULT_BUSY_RANGE_DAYS} days after from.`,
  }),
});
export type BusyQuery = z.infer<typeof BusyQuery>;

export const BusySource = z
  .object({
    type: z.enum(["booking", "time_off", "external_calendar"]),
    id: Uuid.meta({ description: "The booking's, the time off's or the external calendar's id." }),
  })
  .meta({ id: "BusySource" });
export type BusySource = z.infer<typeof BusySource>;

export const BusyInterval = z
  .object({
    starts_at: DateTimeOutput.meta({ description: "In the workspace's offset." }),
    ends_at: DateTimeOutput.meta({ description: "In the workspace's offset." }),
    sources: z.array(BusySource).meta({ description: "Everything that makes this (merged) interval busy." }),
  })
  .meta({ id: "BusyInterval" });
export type BusyInterval = z.infer<typeof BusyInterval>;

export const StaffBusy = z.object({ staff_id: Uuid, data: z.array(BusyInterval) }).meta({ id: "StaffBusy" });
export type StaffBusy = z.infer<typeof StaffBusy>;
