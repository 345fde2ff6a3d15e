import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/api-keys";
import { updateApiKey } from "@/lib/api-keys/manage-api-keys";
import { toApiKey } from "@/lib/api-keys/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // PATCH /v1/api-keys/{id} – rename a key or set its allowed origins (SK)
  PATCH: route(op.updateApiKey, async ({ ctx, params, body }) => toApiKey(await updateApiKey({ ctx, id: params.id, input: body }))),
});
