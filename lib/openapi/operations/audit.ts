import { AuditEventList, ListAuditEventsQuery } from "@/lib/audit/schemas";
import { defineOperation } from "../operation";

export const listAuditEvents = defineOperation({
  id: "listAuditEvents",
  method: "GET",
  path: "/v1/audit-events",
  tag: "Audit log",
  summary: "List the audit log",
  description:
    "Every write made to this workspace with a secret key (who: the key's name and last four characters) and in the console (who: the member), newest first (ties by id), cursor paged. target_id narrows to one resource.",
  auth: "sk",
  query: ListAuditEventsQuery,
  response: { status: 200, schema: AuditEventList },
  errors: [],
});
