import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/workspace";
import { toWorkspaceSettings } from "@/lib/workspaces/serialize";
import { updateWorkspaceSettings } from "@/lib/workspaces/update-workspace-settings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/workspace – the workspace's settings; the key already resolved the row (SK)
  GET: route(op.getWorkspaceSettings, async ({ ctx }) => toWorkspaceSettings(ctx.workspace)),
  // PATCH /v1/workspace – change some settings (SK)
  PATCH: route(op.updateWorkspaceSettings, async ({ ctx, body }) => toWorkspaceSettings(await updateWorkspaceSettings({ ctx, input: body }))),
});
