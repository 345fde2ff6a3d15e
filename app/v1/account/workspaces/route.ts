import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/account";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { listAccountWorkspaces, toAccountWorkspace } from "@/lib/workspaces/list-account-workspaces";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/account/workspaces – the account's workspaces (AK)
  GET: route(op.listAccountWorkspaces, async ({ ctx }) => ({
    data: (await listAccountWorkspaces({ ctx })).map((row) => toAccountWorkspace(row)),
  })),
  // POST /v1/account/workspaces – create a workspace with one calendar (AK)
  POST: route(op.createAccountWorkspace, async ({ ctx, body }) => {
    const { workspace, secretKey } = await createWorkspace({ ctx, input: body });
    return toAccountWorkspace(workspace, secretKey);
  }),
});
