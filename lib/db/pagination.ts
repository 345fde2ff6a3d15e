import { z } from "zod";
import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { validationFailed } from "@/lib/errors";
import { isWithinInstantRange } from "@/lib/time/zoned";

type CursorPosition = { createdAt: Date; id: string };

/** Cursors are opaque to clients: base64url of the last row's (created_at, id). */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString("base64url");
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    const date = new Date(String(createdAt));
    // Every row was created inside the accepted range; beyond it PostgreSQL cannot even parse some.
    if (typeof createdAt !== "string" || !isWithinInstantRange(date)) throw new Error("bad date");
    if (typeof id !== "string" || !z.uuid().safeParse(id).success) throw new Error("bad id");
    return { createdAt: date, id };
  } catch {
    throw validationFailed("cursor", "cursor is not a value this API returned.");
  }
}

export type Page = { limit: number; cursor?: string };

/** Newest first, ties by id: the WHERE and ORDER BY for one page (fetch limit + 1 rows). */
export function pageClauses(columns: { createdAt: PgColumn; id: PgColumn }, page: Page): { where: SQL | undefined; orderBy: SQL[] } {
  const position = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const where = position
    ? or(lt(columns.createdAt, position.createdAt), and(eq(columns.createdAt, position.createdAt), lt(columns.id, position.id)))
    : undefined;
  return { where, orderBy: [desc(columns.createdAt), desc(columns.id)] };
}

export type PageResult<T> = { data: T[]; next_cursor: string | null };

/** Turns `limit + 1` fetched rows into a page and its cursor (null on the last page). */
export function toPage<Row extends CursorPosition, T>(rows: Row[], page: Page, serialize: (row: Row) => T): PageResult<T> {
  const hasMore = rows.length > page.limit;
  const pageRows = hasMore ? rows.slice(0, page.limit) : rows;
  const last = pageRows.at(-1);
  return { data: pageRows.map(serialize), next_cursor: hasMore && last ? encodeCursor(last) : null };
}
