import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/staff";
import { deactivateStaff } from "@/lib/staff/deactivate-staff";
import { getStaffOrThrow } from "@/lib/staff/get-staff";
import { toStaff } from "@/lib/staff/serialize";
import { updateStaff } from "@/lib/staff/update-staff";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/staff/{id} – one calendar (SK)
  GET: route(op.getStaff, async ({ ctx, params }) => toStaff(await getStaffOrThrow(ctx.db, ctx.workspace.id, params.id))),
  // PATCH /v1/staff/{id} – change name, title, bio or active (SK)
  PATCH: route(op.updateStaff, async ({ ctx, params, body }) => toStaff(await updateStaff({ ctx, id: params.id, input: body }))),
  // DELETE /v1/staff/{id} – deactivate the calendar (SK)
  DELETE: route(op.deactivateStaff, async ({ ctx, params }) => toStaff(await deactivateStaff({ ctx, id: params.id }))),
});
