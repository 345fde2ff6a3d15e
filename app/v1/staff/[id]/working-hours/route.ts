import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/staff";
import { listWorkingHours } from "@/lib/staff/list-working-hours";
import { setWorkingHours } from "@/lib/staff/set-working-hours";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/staff/{id}/working-hours – one calendar's weekly hours (SK)
  GET: route(op.getWorkingHours, async ({ ctx, params }) => ({ working_hours: await listWorkingHours({ ctx, staffId: params.id }) })),
  // PUT /v1/staff/{id}/working-hours – replace the whole week in one transaction (SK)
  PUT: route(op.setWorkingHours, async ({ ctx, params, body }) => ({
    working_hours: await setWorkingHours({ ctx, staffId: params.id, blocks: body.working_hours }),
  })),
});
