import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/workspace";
import { getWorkspaceUsage } from "@/lib/workspaces/get-workspace-usage";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/usage – this workspace's contribution to the account's usage, no caps (SK)
  GET: route(op.getWorkspaceUsage, async ({ ctx }) => getWorkspaceUsage({ ctx })),
});
