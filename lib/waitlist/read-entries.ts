import { and, asc, count, eq, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { decodeCursor, toPage, type PageResult } from "@/lib/db/pagination";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas";
import type { Queryable } from "@/lib/db/client";
import { services, waitlistEntries, workspaces, type WaitlistEntryRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { Ctx } from "@/lib/context";
import { parseInstant } from "@/lib/time/zoned";
import { sha256Hex } from "@/lib/secrets/tokens";
import type { ListWaitlistQuery } from "./schemas";

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

/**
 * GET /v1/waitlist: the workspace's entries in line order (by start, then calendar, then joining
 * order), optionally for one service, start or status, a page at a time (docs/series-and-waitlists.md).
 * The cursor is the shared opaque one (lib/db/pagination.ts) naming the page's last entry; the
 * next page starts after it in the same order. Each waiting entry's position counts the waiting
 * entries ahead of it in its session, whatever the page or filter.
 */
export async function listWaitlistEntries({ ctx, query }: { ctx: Ctx; query: ListWaitlistQuery }): Promise<PageResult<PositionedEntry>> {
  const page = { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
  const after = page.cursor === undefined ? undefined : await cursorEntryOf(ctx, decodeCursor(page.cursor).id);
  const rows = await ctx.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.workspaceId, ctx.workspace.id),
        query.service_id ? eq(waitlistEntries.serviceId, query.service_id) : undefined,
        query.starts_at ? eq(waitlistEntries.startsAt, parseInstant(query.starts_at)) : undefined,
        query.status ? eq(waitlistEntries.status, query.status) : undefined,
        // After the cursor's entry in line order (an entry never changes its start, calendar or line).
        // Another workspace's cursor names no entry here: nothing comes after it.
        after === null
          ? sql`false`
          : after
            ? sql`(${waitlistEntries.startsAt}, ${waitlistEntries.staffId}, ${waitlistEntries.line}) > (${after.startsAt.toISOString()}::timestamptz, ${after.staffId}::uuid, ${after.line}::bigint)`
            : undefined,
      ),
    )
    .orderBy(asc(waitlistEntries.startsAt), asc(waitlistEntries.staffId), asc(waitlistEntries.line))
    .limit(page.limit + 1);
  const positions = await positionsOf(ctx.db, rows.slice(0, page.limit));
  const positioned = rows.map((row) => ({ createdAt: row.startsAt, id: row.id, row }));
  return toPage(positioned, page, ({ row }) => ({ row, position: positions.get(row.id) ?? null }));
}

/** Where the cursor's entry stands in the line: its start, calendar and line (none in another workspace). */
async function cursorEntryOf(ctx: Ctx, id: string): Promise<{ startsAt: Date; staffId: string; line: number } | null> {
  const [row] = await ctx.db
    .select({ startsAt: waitlistEntries.startsAt, staffId: waitlistEntries.staffId, line: waitlistEntries.line })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.workspaceId, ctx.workspace.id)));
  return row ?? null;
}
const ahead = alias(waitlistEntries, "ahead");

/** The waiting entries' positions (1 + the waiting entries of their session that joined before them), in one query. */
async function positionsOf(db: Queryable, rows: WaitlistEntryRow[]): Promise<Map<string, number>> {
  const waiting = rows.filter((row) => row.status === "waiting").map((row) => row.id);
  if (waiting.length === 0) return new Map();
  const counted = await db
    .select({ id: waitlistEntries.id, ahead: count(ahead.id) })
    .from(waitlistEntries)
    .leftJoin(
      ahead,
      and(
        eq(ahead.workspaceId, waitlistEntries.workspaceId),
        eq(ahead.serviceId, waitlistEntries.serviceId),
        eq(ahead.staffId, waitlistEntries.staffId),
        eq(ahead.startsAt, waitlistEntries.startsAt),
        eq(ahead.status, "waiting"),
        lt(ahead.line, waitlistEntries.line),
      ),
    )
    .where(inArray(waitlistEntries.id, waiting))
    .groupBy(waitlistEntries.id);
  return new Map(counted.map((row) => [row.id, row.ahead + 1]));
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
