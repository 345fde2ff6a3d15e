import { eq } from "drizzle-orm";
import { withTransaction } from "@/lib/db/transaction";
import { bookings, customers, services, type BookingRow } from "@/lib/db/schema";
import { queueBookingMessages, type BookingMessageKind } from "@/lib/notifications/queue-booking-messages";
import { seal } from "@/lib/secrets/seal";
import { generateAccessToken, sha256Hex } from "@/lib/secrets/tokens";
import { addService } from "./bookings";
import type { TestWorkspace } from "./fixtures";
import { currentDb } from "./setup-file";

/**
 * Writes a booking straight into the database (service, customer, token) for tests that need
 * a booking in a given state without going through POST /v1/bookings.
 */
export type SeedBookingOptions = {
  startsAt: Date;
  durationMinutes?: number;
  status?: BookingRow["status"];
  holdExpiresAt?: Date | null;
  minCancelNoticeMinutes?: number;
  serviceName?: string;
  customer?: { name?: string; email?: string; phone?: string };
  serviceId?: string;
  /** The calendar; default the workspace's first. */
  staffId?: string;
  isAnnounced?: boolean;
  createdVia?: "sk" | "pk";
  /** The 6-digit code the booking was sent, stored hashed. */
  code?: string;
  rescheduledFromId?: string;
  /** Default: now for a confirmed booking, else null. */
  confirmedAt?: Date | null;
};

export type SeededBooking = { booking: BookingRow; token: string; serviceId: string; customerId: string };

let counter = 0;

export async function seedBooking(ws: TestWorkspace, options: SeedBookingOptions): Promise<SeededBooking> {
  const db = currentDb().db;
  const serviceId =
    options.serviceId ??
    (await addService(ws, { name: options.serviceName ?? "Haircut", durationMinutes: options.durationMinutes ?? 60, minCancelNoticeMinutes: options.minCancelNoticeMinutes ?? 0 })).id;
  const [service] = await db.select().from(services).where(eq(services.id, serviceId));
  const email = options.customer?.email ?? `customer${++counter}-${Date.now()}@example.com`;
  const [customer] = await db
    .insert(customers)
    .values({ workspaceId: ws.id, name: options.customer?.name ?? "Ada Lovelace", email, phone: options.customer?.phone ?? "" })
    .onConflictDoUpdate({ target: [customers.workspaceId, customers.email], set: { name: options.customer?.name ?? "Ada Lovelace" } })
    .returning();
  const token = generateAccessToken();
  const endsAt = new Date(options.startsAt.getTime() + service!.durationMinutes * 60_000);
  const status = options.status ?? "confirmed";
  const [booking] = await db
    .insert(bookings)
    .values({
      workspaceId: ws.id,
      serviceId,
      staffId: options.staffId ?? ws.staffId,
      customerId: customer!.id,
      startsAt: options.startsAt,
      endsAt,
      occupiedStart: options.startsAt,
      occupiedEnd: endsAt,
      status,
      holdExpiresAt: options.holdExpiresAt ?? null,
      createdVia: options.createdVia ?? "pk",
      codeHash: options.code ? sha256Hex(options.code) : null,
      accessTokenHash: sha256Hex(token),
      accessTokenSealed: seal(token),
      rescheduledFromId: options.rescheduledFromId ?? null,
      isAnnounced: options.isAnnounced ?? status === "confirmed",
      confirmedAt: options.confirmedAt !== undefined ? options.confirmedAt : status === "confirmed" ? new Date() : null,
    })
    .returning();
  return { booking: booking!, token, serviceId, customerId: customer!.id };
}

/** Queues a booking message in its own transaction, as a booking verb would. */
export async function queueMessage(bookingId: string, kind: BookingMessageKind, extra: { code?: string; previousStartsAt?: Date; now?: Date } = {}) {
  await withTransaction(currentDb(), (tx) => queueBookingMessages(tx, { kind, bookingId, now: extra.now ?? new Date(), ...extra }));
}
