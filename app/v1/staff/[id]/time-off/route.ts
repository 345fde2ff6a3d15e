import { methods, route } from "@/lib/http/route";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas";
import * as op from "@/lib/openapi/operations/staff";
import { createTimeOff } from "@/lib/staff/create-time-off";
import { listTimeOff } from "@/lib/staff/list-time-off";
import { toTimeOff } from "@/lib/staff/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/staff/{id}/time-off – the calendar's time off, newest first (SK)
  GET: route(op.listTimeOff, async ({ ctx, params, query }) =>
    listTimeOff({ ctx, staffId: params.id, page: { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor } }),
  ),
  // POST /v1/staff/{id}/time-off – block a period on the calendar (SK)
  POST: route(op.createTimeOff, async ({ ctx, params, body }) =>
    toTimeOff(await createTimeOff({ ctx, staffId: params.id, input: body }), ctx.workspace.timezone),
  ),
});
