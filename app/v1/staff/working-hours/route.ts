import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/staff";
import { listAllWorkingHours } from "@/lib/staff/list-working-hours";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/staff/working-hours – every calendar's weekly hours (SK)
  GET: route(op.listAllWorkingHours, async ({ ctx }) => ({ data: await listAllWorkingHours({ ctx }), next_cursor: null })),
});
