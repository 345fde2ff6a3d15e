import { z } from "zod";
import { ApiKey, ApiKeyIdParams, UpdateApiKeyBody } from "@/lib/api-keys/schemas";
import { defineOperation } from "../operation";

export const listApiKeys = defineOperation({
  id: "listApiKeys",
  method: "GET",
  path: "/v1/api-keys",
  tag: "API keys",
  summary: "List the workspace's API keys",
  description: "Newest first. Secret keys never show their value again; publishable keys do.",
  auth: "sk",
  response: { status: 200, schema: z.object({ data: z.array(ApiKey), next_cursor: z.null() }) },
  errors: [],
});

export const updateApiKey = defineOperation({
  id: "updateApiKey",
  method: "PATCH",
  path: "/v1/api-keys/{id}",
  tag: "API keys",
  summary: "Rename a key or change its allowed origins",
  description: "allowed_origins are browser origins (scheme, host, port) a publishable key works from; an empty list rejects every browser Origin.",
  auth: "sk",
  params: ApiKeyIdParams,
  body: UpdateApiKeyBody,
  response: { status: 200, schema: ApiKey },
  errors: ["not_found", "validation_failed"],
});

export const revokeApiKey = defineOperation({
  id: "revokeApiKey",
  method: "POST",
  path: "/v1/api-keys/{id}/revoke",
  tag: "API keys",
  summary: "Revoke a key",
  description: "Immediate: the key answers 401 from the next request on. Revoking is final.",
  auth: "sk",
  params: ApiKeyIdParams,
  response: { status: 200, schema: ApiKey },
  errors: ["not_found"],
});
