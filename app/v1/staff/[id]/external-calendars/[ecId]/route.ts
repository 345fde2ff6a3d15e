import { deleteExternalCalendar } from "@/lib/external-calendars/delete-external-calendar";
import { toExternalCalendar } from "@/lib/external-calendars/serialize";
import { updateExternalCalendar } from "@/lib/external-calendars/update-external-calendar";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/external-calendars";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // PATCH /v1/staff/{id}/external-calendars/{ecId} – rename, turn off or on (SK)
  PATCH: route(op.updateExternalCalendar, async ({ ctx, params, body }) =>
    toExternalCalendar(await updateExternalCalendar({ ctx, staffId: params.id, id: params.ecId, input: body })),
  ),
  // DELETE /v1/staff/{id}/external-calendars/{ecId} – disconnect; its busy times stop counting at once (SK)
  DELETE: route(op.deleteExternalCalendar, async ({ ctx, params }) => ({
    id: (await deleteExternalCalendar({ ctx, staffId: params.id, id: params.ecId })).id,
    deleted: true as const,
  })),
});
