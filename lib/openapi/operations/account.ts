import { z } from "zod";
import { AccountUsage, AccountWorkspace, WorkspaceIdParams } from "@/lib/accounts/schemas";
import { CreateWorkspaceBody } from "@/lib/workspaces/schemas";
import { ApiKey, MintKeyBody } from "@/lib/api-keys/schemas";
import { defineOperation } from "../operation";

export const createAccountWorkspace = defineOperation({
  id: "createAccountWorkspace",
  method: "POST",
  path: "/v1/account/workspaces",
  tag: "Account",
  summary: "Create a workspace",
  description:
    'Creates a workspace with one calendar (named by staff_name) and a publishable key named "Hosted pages". ' +
    "secret_key is present only when with_secret_key is true and only on this response; when it is absent the workspace still exists: mint a key, do not create again.",
  auth: "ak",
  body: CreateWorkspaceBody,
  response: { status: 201, schema: AccountWorkspace },
  errors: ["plan_limit_exceeded", "validation_failed"],
});

export const listAccountWorkspaces = defineOperation({
  id: "listAccountWorkspaces",
  method: "GET",
  path: "/v1/account/workspaces",
  tag: "Account",
  summary: "List the account's workspaces",
  description: "Every workspace of the account with its id, name, slug and time zone. Keys are never listed here: mint one when you need it.",
  auth: "ak",
  response: { status: 200, schema: z.object({ data: z.array(AccountWorkspace) }) },
  errors: [],
});

export const mintWorkspaceKey = defineOperation({
  id: "mintWorkspaceKey",
  method: "POST",
  path: "/v1/account/workspaces/{id}/keys",
  tag: "Account",
  summary: "Mint a secret or publishable key for a workspace",
  description:
    "Creates a new sk_ or pk_ key (name optional, at most 100 characters). The full value is in this response; later reads (GET /v1/api-keys) " +
    "show it for publishable keys only, so store a secret key now. Other keys keep working; revoke them with POST /v1/api-keys/{id}/revoke.",
  auth: "ak",
  params: WorkspaceIdParams,
  body: MintKeyBody,
  response: { status: 201, schema: ApiKey },
  errors: ["not_found", "validation_failed"],
});

export const getAccountUsage = defineOperation({
  id: "getAccountUsage",
  method: "GET",
  path: "/v1/account/usage",
  tag: "Account",
  summary: "Read the account's plan usage",
  description:
    "The plan and step, the current billing period (a UTC calendar month), bookings in it (counted, never capped) active workspaces and calendars against their caps, and SMS credits.",
  auth: "ak",
  response: { status: 200, schema: AccountUsage },
  errors: [],
});
