import { and, eq, ne } from "drizzle-orm";
import type { BaseContext, CustomerActor, ServiceContext } from "@/lib/context";
import type { Queryable } from "@/lib/db/client";
import { bookings, workspaces, type BookingRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { sha256Hex } from "@/lib/secrets/tokens";

/** docs/decisions.md#bookings: a manage token stops working 30 days after the booking ends. */
export const MANAGE_TOKEN_DAYS_AFTER_END = 30;

/** One error for every token that does not work, so none can be told apart. */
export const unknownManageToken = () => notFound("booking");

/** A manage token acts for the customer of one booking, inside that booking's workspace. */
export type CustomerContext = ServiceContext<CustomerActor>;

export function manageTokenExpiresAt(booking: Pick<BookingRow, "endsAt">): Date {
  return new Date(booking.endsAt.getTime() + MANAGE_TOKEN_DAYS_AFTER_END * 86_400_000);
}

/** Cancelling clears the token's hash; after the window it lapses: either way it reads as unknown. */
function isManageTokenLive(booking: BookingRow, now: Date): boolean {
  return booking.accessTokenHash !== null && booking.status !== "cancelled" && now < manageTokenExpiresAt(booking);
}

/**
 * The booking a manage token names, looked up by the token's hash. Unknown, expired and
 * cancelled (cancelling clears the hash) all throw the same 404.
 */
export async function findBookingByToken(db: Queryable, token: string, now: Date): Promise<BookingRow> {
  if (token.length === 0 || token.length > 512) throw unknownManageToken();
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.accessTokenHash, sha256Hex(token)), ne(bookings.status, "cancelled")));
  if (!row || !isManageTokenLive(row, now)) throw unknownManageToken();
  return row;
}

/**
 * The token routes' context: the token resolves to its booking's customer in that booking's
 * workspace, so the bookings verbs serve the customer exactly as they serve a key.
 */
export async function resolveManageToken(ctx: BaseContext, token: string): Promise<CustomerContext> {
  const booking = await findBookingByToken(ctx.db, token, ctx.clock.now());
  const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, booking.workspaceId));
  if (!workspace) throw unknownManageToken();
  return { db: ctx.db, clock: ctx.clock, requestId: ctx.requestId, workspace, actor: { type: "customer", bookingId: booking.id } };
}

/**
 * The customer's booking, re-read (and with `lock`, held for the rest of the caller's
 * transaction): a token that died since it was resolved (the booking was cancelled meanwhile)
 * gives the same 404 as any other dead token.
 */
export async function getCustomerBooking(db: Queryable, ctx: CustomerContext, options: { lock?: boolean } = {}): Promise<BookingRow> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, ctx.actor.bookingId), eq(bookings.workspaceId, ctx.workspace.id)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row || !isManageTokenLive(row, ctx.clock.now())) throw unknownManageToken();
  return row;
}
