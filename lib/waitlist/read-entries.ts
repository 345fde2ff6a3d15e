import { and, asc, count, eq, lt } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { services, waitlistEntries, workspaces, type WaitlistEntryRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { Ctx } from "@/lib/context";
import { parseInstant } from "@/lib/time/zoned";
import { sha256Hex } from "@/lib/secrets/tokens";
import type { ListWaitlistQuery } from "./schemas";

/** The most entries GET /v1/waitlist answers (a session's line is short; the newest are left off). */
export const MAX_LISTED_ENTRIES = 500;

export type PositionedEntry = { row: WaitlistEntryRow; position: number | null };

/** An entry's place in its session's line: 1 + the waiting entries that joined before it. */
export async function positionOf(db: Queryable, row: WaitlistEntryRow): Promise<number | null> {
  if (row.status !== "waiting") return null;
  const [ahead] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.workspaceId, row.workspaceId),
        eq(waitlistEntries.serviceId, row.serviceId),
        eq(waitlistEntries.staffId, row.staffId),
        eq(waitlistEntries.startsAt, row.startsAt),
        eq(waitlistEntries.status, "waiting"),
        lt(waitlistEntries.line, row.line),
      ),
    );
  return (ahead?.n ?? 0) + 1;
}

/** GET /v1/waitlist/{id}: an entry of this workspace with its position. */
export async function getWaitlistEntry({ ctx, id }: { ctx: Ctx; id: string }): Promise<PositionedEntry> {
  const [row] = await ctx.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.workspaceId, ctx.workspace.id)));
  if (!row) throw notFound("waitlist entry");
  return { row, position: await positionOf(ctx.db, row) };
}

/** GET /v1/waitlist: the workspace's entries in line order (by start, then joining order), optionally for one service, start or status. */
export async function listWaitlistEntries({ ctx, query }: { ctx: Ctx; query: ListWaitlistQuery }): Promise<PositionedEntry[]> {
  const rows = await ctx.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.workspaceId, ctx.workspace.id),
        query.service_id ? eq(waitlistEntries.serviceId, query.service_id) : undefined,
        query.starts_at ? eq(waitlistEntries.startsAt, parseInstant(query.starts_at)) : undefined,
        query.status ? eq(waitlistEntries.status, query.status) : undefined,
      ),
    )
    .orderBy(asc(waitlistEntries.startsAt), asc(waitlistEntries.staffId), asc(waitlistEntries.line))
    .limit(MAX_LISTED_ENTRIES);
  // Positions within each session's line, counted over the rows in order.
  const seen = new Map<string, number>();
  return rows.map((row) => {
    if (row.status !== "waiting") return { row, position: null as number | null };
    const key = `${row.serviceId}|${row.staffId}|${row.startsAt.getTime()}`;
    const position = (seen.get(key) ?? 0) + 1;
    seen.set(key, position);
    return { row, position };
  });
}

/** The entry a link's token names (its hash), locked for the rest of the transaction. */
export async function lockEntryByToken(tx: Queryable, token: string): Promise<WaitlistEntryRow> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.tokenHash, sha256Hex(token)))
    .for("update");
  if (!row) throw notFound("waitlist entry");
  return row;
}

/** The row a write just returned, or the row a foreign key promises: its absence is a bug, not a client's error. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`waitlist: ${what} missing`);
  return value;
}

/** The waitlist link page's view of an entry (app/(public)/waitlist/[token]): the entry, its workspace and its service's name; null for an unknown token. */
export async function findEntryByToken(db: Queryable, token: string) {
  const [found] = await db
    .select({ entry: waitlistEntries, workspace: workspaces, serviceName: services.name })
    .from(waitlistEntries)
    .innerJoin(workspaces, eq(workspaces.id, waitlistEntries.workspaceId))
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .where(eq(waitlistEntries.tokenHash, sha256Hex(token)));
  return found ?? null;
}
