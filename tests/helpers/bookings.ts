import { and, desc, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { expect } from "vitest";
import { bookings, outboxMessages, webhookDeliveries, type BookingRow } from "@/lib/db/schema";
import { setClockOffset } from "@/lib/time/clock";
import { api, type ApiResponse } from "./api";
import { addService, updateWorkspace } from "./factories";
import type { TestWorkspace } from "./fixtures";
import { currentDb } from "./test-db";

/**
 * Booking calls and readers for what a booking leaves behind (outbox, webhook deliveries);
 * the rows a test starts from come from ./factories.
 */
const db = () => currentDb().db;

/** The webhook deliveries written for a workspace, oldest first: [event type, booking id, payload]. */
export async function deliveriesOf(ws: TestWorkspace): Promise<{ type: string; bookingId: string; payload: any }[]> {
  const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, ws.id)).orderBy(webhookDeliveries.createdAt);
  return rows.map((row) => ({ type: row.eventType, bookingId: (row.payload as any).data.booking.id, payload: row.payload }));
}

export async function messagesTo(email: string): Promise<{ channel: string; subject: string; text: string }[]> {
  return db().select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(desc(outboxMessages.createdAt));
}

/** The 6-digit code of the latest message to `email`. */
export async function latestCodeFor(email: string): Promise<string> {
  const [message] = await messagesTo(email);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  expect(code, `a 6-digit code in the latest message to ${email}`).toBeDefined();
  return code!;
}

export async function bookingRow(id: string): Promise<BookingRow> {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

export async function bookingsOf(ws: TestWorkspace): Promise<BookingRow[]> {
  return db()
    .select()
    .from(bookings)
    .where(and(eq(bookings.workspaceId, ws.id)));
}

/** A wall time in the workspace zone, `days` local days from today, as RFC 3339 with its offset. */
export function localAt(ws: Pick<TestWorkspace, "timezone">, days: number, time: string, base: Date = new Date()): string {
  const [hour, minute] = time.split(":").map(Number);
  return DateTime.fromJSDate(base, { zone: ws.timezone })
    .plus({ days })
    .set({ hour, minute, second: 0, millisecond: 0 })
    .toISO({ suppressMilliseconds: true })!;
}

/** Moves the app's clock so that now is (about) `instant`. */
export async function setNow(instant: Date | string): Promise<void> {
  const target = typeof instant === "string" ? DateTime.fromISO(instant, { setZone: true }).toMillis() : instant.getTime();
  await setClockOffset(db(), target - Date.now());
}

let customerCounter = 0;
export function newCustomer(fields: Record<string, unknown> = {}) {
  return { name: "Ada Lovelace", email: `ada${++customerCounter}-${Date.now()}@example.com`, ...fields };
}

export type BookOptions = { key?: string; headers?: Record<string, string> };

/**
 * A client IP of the workspace's own (X-Forwarded-For), so publishable-key rate limits, which
 * are also charged per IP, do not leak between the tests of a file.
 */
export function clientIpOf(ws: Pick<TestWorkspace, "id">): Record<string, string> {
  const bytes = Buffer.from(ws.id.replaceAll("-", "").slice(0, 6), "hex");
  return { "X-Forwarded-For": `10.${bytes[0]}.${bytes[1]}.${bytes[2]}` };
}

export async function book(ws: TestWorkspace, body: Record<string, unknown>, options: BookOptions = {}): Promise<ApiResponse> {
  return api.post("/v1/bookings", {
    key: options.key ?? ws.sk,
    body: { customer: newCustomer(), ...body },
    headers: { ...clientIpOf(ws), ...options.headers },
  });
}

/** A confirmed booking made with the secret key; fails the test if it is not 201. */
export async function bookConfirmed(ws: TestWorkspace, body: Record<string, unknown>): Promise<any> {
  const response = await book(ws, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/**
 * A booking held for its code: the workspace asks for verification, a new customer books the
 * day after tomorrow at `time` (workspace time) a fresh service (or `serviceId`), through the
 * publishable key as the booking page does (or `key`). Answers the booking, the code the
 * customer was sent, and the customer.
 */
export async function pendingBooking(ws: TestWorkspace, time = "10:00", options: { serviceId?: string; key?: string } = {}) {
  await updateWorkspace(ws, { requireVerification: true });
  const serviceId = options.serviceId ?? (await addService(ws)).id;
  const customer = newCustomer();
  const response = await book(ws, { service_id: serviceId, starts_at: localAt(ws, 2, time), customer }, { key: options.key ?? ws.pk });
  expect(response.body.status).toBe("pending");
  return { booking: response.body, code: await latestCodeFor(customer.email), customer };
}
