import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import { bookings, customers, type BookingRow } from "@/lib/db/schema";
import type { Ctx } from "@/lib/context";
import { decodeCursor, pageClauses, toPage, type PageResult } from "@/lib/db/pagination";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas";
import { loadBookingAnswers } from "@/lib/booking-details/answers";
import { customerMatches } from "@/lib/customers/list-customers";
import { toBookingCustomer } from "@/lib/customers/serialize";
import type { BookingCustomer } from "@/lib/customers/schemas";
import { parseInstant } from "@/lib/time/zoned";
import type { BookingAnswer, ListBookingsQuery } from "./schemas";
import type { BookingStatus } from "@/lib/db/schema";
import { HOLD_STATUSES } from "./holds";

export type ListedBooking = { row: BookingRow; answers: BookingAnswer[]; customer: BookingCustomer };

/**
 * GET /v1/bookings. Without `from`/`to`: newest first by creation (ties by id). With either:
 * by start, earliest first (ties by id), the order a day or a week is read in. Filters narrow
 * both; `status` matches what the API shows (a lapsed hold reads as `expired`).
 */
export async function listBookings<T>({
  ctx,
  query,
  serialize,
}: {
  ctx: Ctx;
  query: ListBookingsQuery;
  serialize: (listed: ListedBooking) => T;
}): Promise<PageResult<T>> {
  const page = { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
  const byStart = query.from !== undefined || query.to !== undefined;
  const paging = byStart ? startPageClauses(page.cursor) : pageClauses({ createdAt: bookings.createdAt, id: bookings.id }, page);
  const rows = await ctx.db
    .select({ booking: bookings, customer: customers })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .where(
      and(
        eq(bookings.workspaceId, ctx.workspace.id),
        query.staff_id ? eq(bookings.staffId, query.staff_id) : undefined,
        query.service_id ? eq(bookings.serviceId, query.service_id) : undefined,
        query.from ? gte(bookings.startsAt, parseInstant(query.from)) : undefined,
        query.to ? lt(bookings.startsAt, parseInstant(query.to)) : undefined,
        query.q ? customerMatches(query.q) : undefined,
        query.status ? statusIn(query.status, ctx.clock.now()) : undefined,
        paging.where,
      ),
    )
    .orderBy(...paging.orderBy)
    .limit(page.limit + 1);
  const answers = await loadBookingAnswers(
    ctx.db,
    rows.slice(0, page.limit).map(({ booking }) => booking.id),
  );
  const positioned = rows.map(({ booking, customer }) => ({ createdAt: byStart ? booking.startsAt : booking.createdAt, id: booking.id, booking, customer }));
  return toPage(positioned, page, ({ booking, customer }) =>
    serialize({ row: booking, answers: answers.get(booking.id) ?? [], customer: toBookingCustomer(customer) }),
  );
}

/** Earliest start first, ties by id; the cursor carries the last row's (starts_at, id). */
function startPageClauses(cursor: string | undefined): { where: SQL | undefined; orderBy: SQL[] } {
  const position = cursor === undefined ? undefined : decodeCursor(cursor);
  const where = position
    ? or(gt(bookings.startsAt, position.createdAt), and(eq(bookings.startsAt, position.createdAt), gt(bookings.id, position.id)))
    : undefined;
  return { where, orderBy: [asc(bookings.startsAt), asc(bookings.id)] };
}

const isHeld = (status: BookingStatus) => (HOLD_STATUSES as readonly BookingStatus[]).includes(status);

/** The statuses as the API shows them: a hold past its window is `expired`, not `pending` (./serialize.ts). */
function statusIn(statuses: BookingStatus[], now: Date): SQL | undefined {
  const clauses: (SQL | undefined)[] = [];
  const plain = statuses.filter((status) => status !== "expired" && !isHeld(status));
  if (plain.length > 0) clauses.push(inArray(bookings.status, plain));
  const held = statuses.filter(isHeld);
  if (held.length > 0) clauses.push(and(inArray(bookings.status, held), gt(bookings.holdExpiresAt, now)));
  if (statuses.includes("expired")) {
    clauses.push(
      or(
        eq(bookings.status, "expired"),
        and(inArray(bookings.status, [...HOLD_STATUSES]), or(isNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, now))),
      ),
    );
  }
  return or(...clauses);
}
