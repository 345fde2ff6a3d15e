import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { oncePerHandle } from "@/lib/db/once-per-handle";
import {
  accountKeys,
  accounts,
  apiKeys,
  availabilityRevisions,
  clockOffset,
  workspaces,
  type AccountRow,
  type ApiKeyRow,
  type WorkspaceRow,
} from "@/lib/db/schema";
import { NO_REVISION, toAvailabilityRevision, type AvailabilityRevision } from "@/lib/availability/revision";
import { constantTimeEqual, KEY_PATTERN, sha256Hex } from "@/lib/secrets/tokens";

/**
 * What the one authentication statement reads beside the key: the dev clock's offset (when
 * asked for; null when no row) and, for a workspace key, the workspace's availability revision
 * (read before any data the request reads, as lib/availability/answer-cache.ts requires).
 */
type Extras = { offsetMs: number | null; availabilityRevision: AvailabilityRevision };
export type WorkspaceKey = { kind: "workspace"; key: ApiKeyRow; workspace: WorkspaceRow } & Extras;
export type AccountKey = { kind: "account"; keyId: string; lastUsedAt: Date | null; account: AccountRow } & Extras;

/**
 * Resolves a bearer value to its live key, or undefined (malformed, unknown or revoked), in
 * ONE statement: the key, its workspace (or account), and with `withClockOffset` the dev
 * clock's offset, so an authenticated request pays one round trip before its own work. Nothing
 * is kept between requests: a revoked key is refused at once, on every instance.
 */
export async function authenticateKey(db: Db, value: string, options: { withClockOffset?: boolean } = {}): Promise<WorkspaceKey | AccountKey | undefined> {
  if (!KEY_PATTERN.test(value)) return undefined;
  const hash = sha256Hex(value);
  const queries = preparedFor(db, options.withClockOffset === true);
  if (value.startsWith("ak_")) {
    const [row] = await queries.accountKey.execute({ hash });
    if (!row || !constantTimeEqual(row.key.keyHash, hash)) return undefined;
    return {
      kind: "account",
      keyId: row.key.id,
      lastUsedAt: row.key.lastUsedAt,
      account: row.account,
      offsetMs: toNumber(row.offsetMs),
      availabilityRevision: NO_REVISION,
    };
  }
  const [row] = await queries.workspaceKey.execute({ hash });
  if (!row || !constantTimeEqual(row.key.keyHash, hash) || !value.startsWith(`${row.key.type}_`)) return undefined;
  return {
    kind: "workspace",
    key: row.key,
    workspace: row.workspace,
    offsetMs: toNumber(row.offsetMs),
    availabilityRevision: toAvailabilityRevision(row.revision, row.calendars),
  };
}

/**
 * The two statements, built once per database handle and clock setting (building a select of
 * two whole rows costs more CPU than the database spends answering it); the database plans
 * them once (a named statement on PostgreSQL, lib/db/statement-cache.ts on PGlite).
 */
function prepareQueries(db: Db, withClockOffset: boolean) {
  const offsetMs: SQL<number | null> = withClockOffset
    ? sql<number | null>`(SELECT ${clockOffset.offsetMs} FROM ${clockOffset} WHERE ${clockOffset.id} = 1)`
    : sql<null>`NULL::integer`;
  const hash = sql.placeholder("hash");
  const suffix = withClockOffset ? "with_clock" : "without_clock";
  const revision = sql<
    string | null
  >`(SELECT ${availabilityRevisions.revision} FROM ${availabilityRevisions} WHERE ${availabilityRevisions.workspaceId} = ${apiKeys.workspaceId})`;
  // As text: parsed only here, the same on both drivers.
  const calendars = sql<
    string | null
  >`(SELECT ${availabilityRevisions.calendars}::text FROM ${availabilityRevisions} WHERE ${availabilityRevisions.workspaceId} = ${apiKeys.workspaceId})`;
  return {
    accountKey: db
      .select({ key: accountKeys, account: accounts, offsetMs })
      .from(accountKeys)
      .innerJoin(accounts, eq(accounts.id, accountKeys.accountId))
      .where(and(eq(accountKeys.keyHash, hash), isNull(accountKeys.revokedAt)))
      .prepare(`authenticate_account_key_${suffix}`),
    workspaceKey: db
      .select({ key: apiKeys, workspace: workspaces, offsetMs, revision, calendars })
      .from(apiKeys)
      .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt), eq(workspaces.active, true)))
      .prepare(`authenticate_workspace_key_${suffix}`),
  };
}

const withClock = oncePerHandle((db) => prepareQueries(db, true));
const withoutClock = oncePerHandle((db) => prepareQueries(db, false));

function preparedFor(db: Db, withClockOffset: boolean): ReturnType<typeof prepareQueries> {
  return withClockOffset ? withClock(db) : withoutClock(db);
}

/** Raw subquery values come back as the driver gives them (bigint as text on postgres.js). */
function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
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
