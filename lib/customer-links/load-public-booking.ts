import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookings, customers, payments, services, staff, workspaces } from "@/lib/db/schema";
import { findPublishableKey } from "@/lib/api-keys/find-publishable-key";
import type { PublicBookingRows } from "./serialize";

/** Everything the public read shows about one booking (found by id, after its token was checked). */
export async function loadPublicBookingRows(db: Queryable, bookingId: string): Promise<PublicBookingRows> {
  const [row] = await db
    .select({ booking: bookings, workspace: workspaces, service: services, staff: staff, customer: customers })
    .from(bookings)
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .innerJoin(services, and(eq(services.id, bookings.serviceId), eq(services.workspaceId, bookings.workspaceId)))
    .innerJoin(staff, and(eq(staff.id, bookings.staffId), eq(staff.workspaceId, bookings.workspaceId)))
    .innerJoin(customers, and(eq(customers.id, bookings.customerId), eq(customers.workspaceId, bookings.workspaceId)))
    .where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`loadPublicBookingRows: booking ${bookingId} vanished`);
  const [[payment], publishableKey] = await Promise.all([
    db.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.workspaceId, row.workspace.id))),
    findPublishableKey(db, row.workspace.id),
  ]);
  return { ...row, payment: payment ?? null, publishableKey };
}
