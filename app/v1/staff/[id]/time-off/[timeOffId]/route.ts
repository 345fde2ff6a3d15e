import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/staff";
import { deleteTimeOff } from "@/lib/staff/delete-time-off";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // DELETE /v1/staff/{id}/time-off/{timeOffId} – remove a period of time off (SK)
  DELETE: route(op.deleteTimeOff, async ({ ctx, params }) => ({
    id: (await deleteTimeOff({ ctx, staffId: params.id, id: params.timeOffId })).id,
    deleted: true as const,
  })),
});
