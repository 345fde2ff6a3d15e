import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/services";
import { setServiceStaff } from "@/lib/services/set-service-staff";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // PUT /v1/services/{id}/staff – replace the set of calendars offering the service (SK)
  PUT: route(op.setServiceStaff, async ({ ctx, params, body }) => ({ staff_ids: await setServiceStaff({ ctx, id: params.id, staffIds: body.staff_ids }) })),
});
