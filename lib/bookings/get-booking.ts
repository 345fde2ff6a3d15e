import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookings, type BookingRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { Ctx } from "@/lib/context";

/** A booking of this workspace; another workspace's booking is simply not found. */
export async function getBookingOrThrow({ ctx, id }: { ctx: Ctx; id: string }): Promise<BookingRow> {
  const [row] = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.workspaceId, ctx.workspace.id)));
  if (!row) throw notFound("booking");
  return row;
}

/** The booking row held for the rest of the transaction, so concurrent changes apply one after the other. */
export async function lockBookingOrThrow(tx: Queryable, scope: { workspaceId: string; id: string }): Promise<BookingRow> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, scope.id), eq(bookings.workspaceId, scope.workspaceId)))
    .for("update");
  if (!row) throw notFound("booking");
  return row;
}
