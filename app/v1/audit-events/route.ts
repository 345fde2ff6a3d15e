import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/audit";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/audit-events – the workspace's audit log, newest first (SK)
  GET: route(op.listAuditEvents, ({ ctx, query }) => listAuditEvents({ ctx, query })),
});
