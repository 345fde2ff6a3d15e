import { z } from "zod";
import { AccountUsage, AccountWorkspace, CreateWorkspaceBody, WorkspaceIdParams } from "@/lib/accounts/schemas";
import { ApiKey, MintKeyBody } from "@/lib/api-keys/schemas";
import { defineOperation } from "../operation";

export const createAccountWorkspace = defineOperation({
  id: "createAccountWorkspace",
  method: "POST",
  path: "/v1/account/workspaces",
  tag: "Account",
  summary: "Create a workspace",
  description:
    "Creates a workspace with one calendar (named by staff_name) and a publishable key named \"Hosted pages\". " +
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
  auth: "ak",
  response: { status: 200, schema: AccountUsage },
  errors: [],
});
