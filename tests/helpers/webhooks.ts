import { eq } from "drizzle-orm";
import { afterEach, expect } from "vitest";
import { withTransaction } from "@/lib/db/transaction";
import { services, webhookDeliveries, webhookEndpoints, type BookingRow } from "@/lib/db/schema";
import { runDueWork } from "@/lib/jobs/run-due-work";
import { loadClock, readClockOffset, setClockOffset } from "@/lib/time/clock";
import { recordBookingEvent, type WebhookEventType } from "@/lib/webhooks/record-booking-event";
import type { BookingEventType } from "@/lib/webhooks/event-types";
import { api } from "./api";
import type { TestWorkspace } from "./fixtures";
import { currentDb } from "./test-db";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";
import { seedBooking } from "./factories";

export const ALL_EVENTS: WebhookEventType[] = ["booking.created", "booking.cancelled", "booking.rescheduled"];

/** Registers an endpoint through the API and returns it with its one-time secret. */
export async function registerEndpoint(ws: TestWorkspace, url: string, events: WebhookEventType[] = ALL_EVENTS) {
  const response = await api.post("/v1/webhook-endpoints", { key: ws.sk, body: { url, events } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; secret: string; url: string; events: string[]; active: boolean };
}

export type InsertedBooking = BookingRow & { serviceName: string; customer: { id: string; name: string; email: string; phone: string } };

let counter = 0;

/**
 * A booking written straight into the database (its own service and customer, a manage token,
 * the code 123456), so booking events can be produced without the booking routes.
 */
export async function insertBooking(
  ws: TestWorkspace,
  options: { startsAt?: Date; status?: BookingRow["status"]; phone?: string; createdVia?: "sk" | "pk"; rescheduledFromId?: string } = {},
): Promise<InsertedBooking & { accessToken: string }> {
  const n = ++counter;
  // A service of its own with no working hours or calendar link: events need none.
  const [service] = await currentDb()
    .db.insert(services)
    .values({ workspaceId: ws.id, name: `Massage ${n}`, durationMinutes: 45 })
    .returning();
  const customer = { name: `Grace ${n}`, email: `grace${n}-${ws.id.slice(0, 8)}@example.com`, phone: options.phone ?? "" };
  const { booking, token } = await seedBooking(ws, {
    serviceId: service!.id,
    // Each booking its own hour, so the calendar's no-overlap constraint never trips.
    startsAt: options.startsAt ?? new Date(Date.UTC(2031, 2, 14, 9, 30) + n * 3_600_000),
    status: options.status ?? "confirmed",
    customer,
    createdVia: options.createdVia ?? "sk",
    code: "123456",
    rescheduledFromId: options.rescheduledFromId,
    isAnnounced: false,
    confirmedAt: null,
  });
  return { ...booking, accessToken: token, serviceName: service!.name, customer: { id: booking.customerId, ...customer } };
}

/** What a booking verb does: record the event inside its own committed transaction (announced after commit), at the app clock's now. */
export async function emitBookingEvent(ws: TestWorkspace, type: BookingEventType, bookingId: string, previousStartsAt?: Date): Promise<void> {
  const db = currentDb().db;
  const now = (await loadClock(db)).now();
  await withTransaction({ db }, async (tx) => {
    await recordBookingEvent(tx, { workspaceId: ws.id, type, bookingId, previousStartsAt, now });
  });
}

/** POST /dev/jobs/run: everything due on the app clock. */
export async function runJobs(): Promise<Record<string, number>> {
  const response = await api.post("/dev/jobs/run");
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.counts;
}

/** Moves the app clock forward (the dev clock offset in the database). */
export async function advanceClock(ms: number): Promise<void> {
  const db = currentDb().db;
  await setClockOffset(db, (await readClockOffset(db)) + ms);
}

/** Runs the jobs directly, for tests that need the driver without HTTP. */
export async function runDueWorkNow(): Promise<Record<string, number>> {
  const db = currentDb().db;
  return runDueWork({ db, clock: await loadClock(db) });
}

/**
 * Call at the top of a test file: returns a starter for receivers that are closed after each
 * test. Sweeps see the whole (per-file) database, so after each test every endpoint is also
 * switched off: deliveries a test left pending never count in a later test's sweep.
 */
export function useWebhookReceivers(): () => Promise<WebhookReceiver> {
  let receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    receivers = [];
    await currentDb().db.update(webhookEndpoints).set({ active: false });
  });
  return async () => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    return receiver;
  };
}

export async function deliveryRows(endpointId: string) {
  return currentDb().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

export async function endpointRow(endpointId: string) {
  const [row] = await currentDb().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return row!;
}

/** GET …/deliveries through the API (newest first). */
export async function listDeliveriesApi(sk: string, endpointId: string): Promise<any[]> {
  const response = await api.get(`/v1/webhook-endpoints/${endpointId}/deliveries`, { key: sk });
  expect(response.status).toBe(200);
  return response.body.data;
}
