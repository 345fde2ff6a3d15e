import { and, eq } from "drizzle-orm";
import { bookings, type BookingRow } from "@/lib/db/schema";
import type { Ctx } from "@/lib/context";
import { pageClauses, toPage, type PageResult } from "@/lib/db/pagination";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas";
import { loadBookingAnswers } from "@/lib/booking-details/answers";
import type { BookingAnswer } from "./schemas";

/** GET /v1/bookings: newest first by creation (ties by id), one page after `cursor`, each with its answers. */
export async function listBookings<T>({
  ctx,
  page,
  serialize,
}: {
  ctx: Ctx;
  page: { limit?: number; cursor?: string };
  serialize: (row: BookingRow, answers: BookingAnswer[]) => T;
}): Promise<PageResult<T>> {
  const resolved = { limit: page.limit ?? DEFAULT_PAGE_SIZE, cursor: page.cursor };
  const { where, orderBy } = pageClauses({ createdAt: bookings.createdAt, id: bookings.id }, resolved);
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.workspaceId, ctx.workspace.id), where))
    .orderBy(...orderBy)
    .limit(resolved.limit + 1);
  const answers = await loadBookingAnswers(
    ctx.db,
    rows.slice(0, resolved.limit).map((row) => row.id),
  );
  return toPage(rows, resolved, (row) => serialize(row, answers.get(row.id) ?? []));
}
