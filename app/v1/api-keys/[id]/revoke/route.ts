import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/api-keys";
import { revokeApiKey } from "@/lib/api-keys/manage-api-keys";
import { toApiKey } from "@/lib/api-keys/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/api-keys/{id}/revoke – revoke a key at once (SK)
  POST: route(op.revokeApiKey, async ({ ctx, params }) => toApiKey(await revokeApiKey({ ctx, id: params.id }))),
});
