import { addMember, listMembers } from "@/lib/members/manage-members";
import { toMember } from "@/lib/members/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/members";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/account/members – the account's members (AK)
  GET: route(op.listMembers, async ({ ctx }) => ({ data: (await listMembers({ ctx })).map(toMember) })),
  // POST /v1/account/members – add a member by email and role (AK)
  POST: route(op.createMember, async ({ ctx, body }) => toMember(await addMember({ ctx, input: body }))),
});
