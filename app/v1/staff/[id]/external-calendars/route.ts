import { createExternalCalendar } from "@/lib/external-calendars/create-external-calendar";
import { listExternalCalendars } from "@/lib/external-calendars/list-external-calendars";
import { toExternalCalendar } from "@/lib/external-calendars/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/external-calendars";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/staff/{id}/external-calendars – the calendar's external calendars with their sync status (SK)
  GET: route(op.listExternalCalendars, ({ ctx, params }) => listExternalCalendars({ ctx, staffId: params.id })),
  // POST /v1/staff/{id}/external-calendars – connect an ICS address or CalDAV collection, read once before answering (SK)
  POST: route(op.createExternalCalendar, async ({ ctx, params, body }) =>
    toExternalCalendar(await createExternalCalendar({ ctx, staffId: params.id, input: body })),
  ),
});
