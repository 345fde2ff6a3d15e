import type { AuditEventRow } from "@/lib/db/schema";
import { toUtcIso } from "@/lib/time/zoned";
import type { AuditEvent } from "./schemas";

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    who: { type: row.actorType, name: row.actor },
    what: row.action,
    target: { type: row.targetType, id: row.targetId },
    when: toUtcIso(row.createdAt),
  };
}
