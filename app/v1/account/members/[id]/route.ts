import { removeMember, updateMember } from "@/lib/members/manage-members";
import { toMember } from "@/lib/members/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // PATCH /v1/account/members/{id} – change a member's role; the last owner stays (AK)
  PATCH: route(op.updateMember, async ({ ctx, params, body }) => toMember(await updateMember({ ctx, id: params.id, input: body }))),
  // DELETE /v1/account/members/{id} – remove a member and end their sessions (AK)
  DELETE: route(op.deleteMember, async ({ ctx, params }) => toMember(await removeMember({ ctx, id: params.id }))),
});
