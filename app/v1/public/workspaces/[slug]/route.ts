import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/public";
import { getWorkspaceBootstrap } from "@/lib/public/get-workspace-bootstrap";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/public/workspaces/{slug} – everything a booking page needs, no key (public, rate-limited per IP)
  GET: route(op.getPublicWorkspace, async ({ ctx, params }) => getWorkspaceBootstrap({ ctx, slug: params.slug })),
});
