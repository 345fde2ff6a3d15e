import { listBusy } from "@/lib/external-calendars/list-busy";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/external-calendars";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/staff/{id}/busy – the calendar's busy intervals with their sources (SK)
  GET: route(op.listStaffBusy, ({ ctx, params, query }) => listBusy({ ctx, staffId: params.id, query })),
});
