import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import {
  bookings,
  customers,
  services,
  staff,
  workspaces,
  type BookingRow,
  type CustomerRow,
  type PaymentRow,
  type ServiceRow,
  type StaffRow,
  type WorkspaceRow,
} from "@/lib/db/schema";
import type { BookingAnswer } from "./schemas";

/** A booking with everything that describes it to people: its service, calendar, customer and workspace. */
export type BookingDetails = { booking: BookingRow; workspace: WorkspaceRow; service: ServiceRow; staff: StaffRow; customer: CustomerRow };

/**
 * What a caller already holds of a booking's details: a create has just written the booking
 * and its customer (and its answers), checked the body against the workspace and service it read,
 * and may have read the calendar it took in the insert's round trip.
 */
export type KnownBookingDetails = Omit<BookingDetails, "staff"> & { staff?: StaffRow; answers?: BookingAnswer[] };

/** The same with the booking's payment (null: none), which a create has just written too. */
export type KnownBookingDetailsAndPayment = KnownBookingDetails & { payment: PaymentRow | null };

/**
 * The one loader of a booking's details (messages, webhook payloads, the public read). Every
 * joined row must belong to the booking's workspace; with `workspaceId`, so must the booking.
 * Given what the caller holds (`known`), only the calendar is read, and nothing when it holds that too.
 */
export async function loadBookingDetails(
  db: Queryable,
  scope: { bookingId: string; workspaceId?: string },
  known?: KnownBookingDetails,
): Promise<BookingDetails | undefined> {
  if (known) {
    const { booking } = known;
    if (booking.id !== scope.bookingId || (scope.workspaceId !== undefined && booking.workspaceId !== scope.workspaceId)) return undefined;
    if (known.staff?.id === booking.staffId) return { ...known, staff: known.staff };
    const [calendar] = await db
      .select()
      .from(staff)
      .where(and(eq(staff.id, booking.staffId), eq(staff.workspaceId, booking.workspaceId)));
    return calendar && { ...known, staff: calendar };
  }
  const [row] = await db
    .select({ booking: bookings, workspace: workspaces, service: services, staff, customer: customers })
    .from(bookings)
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .innerJoin(services, and(eq(services.id, bookings.serviceId), eq(services.workspaceId, bookings.workspaceId)))
    .innerJoin(staff, and(eq(staff.id, bookings.staffId), eq(staff.workspaceId, bookings.workspaceId)))
    .innerJoin(customers, and(eq(customers.id, bookings.customerId), eq(customers.workspaceId, bookings.workspaceId)))
    .where(
      scope.workspaceId === undefined ? eq(bookings.id, scope.bookingId) : and(eq(bookings.id, scope.bookingId), eq(bookings.workspaceId, scope.workspaceId)),
    );
  return row;
}
