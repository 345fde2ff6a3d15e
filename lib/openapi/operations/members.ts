import { CreateMemberBody, Member, MemberIdParams, MemberList, UpdateMemberBody } from "@/lib/members/schemas";
import { defineOperation } from "../operation";

const TAG = "Account";

export const listMembers = defineOperation({
  id: "listAccountMembers",
  method: "GET",
  path: "/v1/account/members",
  tag: TAG,
  summary: "List the account's members",
  description: "The people who sign in to the console (/console) for this account, oldest first.",
  auth: "ak",
  response: { status: 200, schema: MemberList },
  errors: [],
});

export const createMember = defineOperation({
  id: "createAccountMember",
  method: "POST",
  path: "/v1/account/members",
  tag: TAG,
  summary: "Add a member",
  description:
    "Adds a person by email (validated like a customer's: 422 validation_failed, param email) with a role: owner (everything) or staff (no API keys, webhooks, members or plan). " +
    "They sign in at /console/sign-in with a link emailed to them. An email already a member: 409 conflict.",
  auth: "ak",
  body: CreateMemberBody,
  response: { status: 201, schema: Member },
  errors: ["conflict", "validation_failed"],
});

export const updateMember = defineOperation({
  id: "updateAccountMember",
  method: "PATCH",
  path: "/v1/account/members/{id}",
  tag: TAG,
  summary: "Change a member's role",
  description: "The last owner cannot be demoted: 409 conflict.",
  auth: "ak",
  params: MemberIdParams,
  body: UpdateMemberBody,
  response: { status: 200, schema: Member },
  errors: ["not_found", "conflict", "validation_failed"],
});

export const deleteMember = defineOperation({
  id: "deleteAccountMember",
  method: "DELETE",
  path: "/v1/account/members/{id}",
  tag: TAG,
  summary: "Remove a member",
  description: "Ends the member's console sessions at once. The last owner cannot be removed: 409 conflict. Answers the removed member.",
  auth: "ak",
  params: MemberIdParams,
  response: { status: 200, schema: Member },
  errors: ["not_found", "conflict"],
});
