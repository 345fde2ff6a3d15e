import { sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";

export type AuditTarget = { action: string; targetType: string; targetId: string | null };

/**
 * A write made with a secret key, named by the key's name and last four characters as they are
 * now (docs/console.md#audit-log). One statement: the label is read from the key row itself.
 */
export async function recordKeyWrite(db: Queryable, input: AuditTarget & { keyId: string; now: Date }): Promise<void> {
  await db.execute(sql`
    INSERT INTO audit_events (account_id, workspace_id, actor_type, actor, action, target_type, target_id, created_at)
    SELECT w.account_id, k.workspace_id, 'key',
           trim(coalesce(k.name, 'Secret key') || ' …' || k.last_four),
           ${input.action}, ${input.targetType}, ${input.targetId}, ${input.now.toISOString()}::timestamptz
    FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
    WHERE k.id = ${input.keyId}`);
}

/** A console write, its actor the signed-in member (by email). */
export async function recordMemberWrite(
  db: Queryable,
  input: AuditTarget & { accountId: string; workspaceId: string | null; email: string; now: Date },
): Promise<void> {
  await db.insert(auditEvents).values({
    accountId: input.accountId,
    workspaceId: input.workspaceId,
    actorType: "member",
    actor: input.email,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    createdAt: input.now,
  });
}
