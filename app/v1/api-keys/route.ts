import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/api-keys";
import { listApiKeys } from "@/lib/api-keys/manage-api-keys";
import { toApiKey } from "@/lib/api-keys/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/api-keys – the workspace's keys, newest first (SK)
  GET: route(op.listApiKeys, async ({ ctx }) => ({ data: (await listApiKeys({ ctx })).map((row) => toApiKey(row)), next_cursor: null })),
});
