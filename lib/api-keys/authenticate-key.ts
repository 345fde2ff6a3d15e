import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountKeys, accounts, apiKeys, workspaces, type AccountRow, type ApiKeyRow, type WorkspaceRow } from "@/lib/db/schema";
import { constantTimeEqual, KEY_PATTERN, sha256Hex } from "@/lib/secrets/tokens";

export type WorkspaceKey = { kind: "workspace"; key: ApiKeyRow; workspace: WorkspaceRow };
export type AccountKey = { kind: "account"; keyId: string; lastUsedAt: Date | null; account: AccountRow };

/** Resolves a bearer value to its live key, or undefined (malformed, unknown or revoked). */
export async function authenticateKey(db: Queryable, value: string): Promise<WorkspaceKey | AccountKey | undefined> {
  if (!KEY_PATTERN.test(value)) return undefined;
  const hash = sha256Hex(value);
  if (value.startsWith("ak_")) {
    const [row] = await db
      .select({ key: accountKeys, account: accounts })
      .from(accountKeys)
      .innerJoin(accounts, eq(accounts.id, accountKeys.accountId))
      .where(and(eq(accountKeys.keyHash, hash), isNull(accountKeys.revokedAt)));
    if (!row || !constantTimeEqual(row.key.keyHash, hash)) return undefined;
    return { kind: "account", keyId: row.key.id, lastUsedAt: row.key.lastUsedAt, account: row.account };
  }
  const [row] = await db
    .select({ key: apiKeys, workspace: workspaces })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt), eq(workspaces.active, true)));
  if (!row || !constantTimeEqual(row.key.keyHash, hash) || !value.startsWith(`${row.key.type}_`)) return undefined;
  return { kind: "workspace", key: row.key, workspace: row.workspace };
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** Records use at most once a minute per key, so authentication rarely writes. */
export async function touchKey(db: Queryable, found: WorkspaceKey | AccountKey, now: Date): Promise<void> {
  const lastUsedAt = found.kind === "workspace" ? found.key.lastUsedAt : found.lastUsedAt;
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  if (found.kind === "workspace") {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, found.key.id));
  } else {
    await db.update(accountKeys).set({ lastUsedAt: now }).where(eq(accountKeys.id, found.keyId));
  }
}
