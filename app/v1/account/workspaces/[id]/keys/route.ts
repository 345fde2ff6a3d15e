import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/account";
import { mintWorkspaceKey } from "@/lib/api-keys/mint-workspace-key";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/account/workspaces/{id}/keys – mint an sk or pk key for one of the account's workspaces (AK)
  POST: route(op.mintWorkspaceKey, ({ ctx, params, body }) => mintWorkspaceKey({ ctx, workspaceId: params.id, input: body })),
});
