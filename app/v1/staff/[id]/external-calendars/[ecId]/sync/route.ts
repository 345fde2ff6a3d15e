import { toExternalCalendar } from "@/lib/external-calendars/serialize";
import { syncNow } from "@/lib/external-calendars/sync-now";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/external-calendars";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/staff/{id}/external-calendars/{ecId}/sync – read the source now and answer it (SK)
  POST: route(op.syncExternalCalendar, async ({ ctx, params }) => toExternalCalendar(await syncNow({ ctx, staffId: params.id, id: params.ecId }))),
});
