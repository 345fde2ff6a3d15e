import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createTransport } from "nodemailer";
import { outboxMessages, workspaces } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { queueBookingMessages, type BookingMessageKind } from "@/lib/notifications/queue-booking-messages";
import { createNodemailerMailer } from "@/lib/notifications/transports";
import { api } from "./api";
import { currentDb } from "./test-db";

/** Test data and readers for the notification tests. */
export const HOSTILE_BUSINESS = `<script>alert("x")</script> & Sons`;
export const HOSTILE_CUSTOMER = `<img src=x onerror=alert(1)>`;
export const STARTS_AT = new Date("2031-03-10T08:00:00Z");
/** A second booking on the same calendar must not overlap the first. */
export const LATER = new Date("2031-03-11T08:00:00Z");

/** A nodemailer streamTransport that keeps every raw message it would have sent. */
export function captureMailer() {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const sent: string[] = [];
  const mailer = createNodemailerMailer(
    {
      sendMail: async (message) => {
        const info = await transport.sendMail(message);
        sent.push((info.message as Buffer).toString("utf8"));
        return info;
      },
    },
    "Bookings <bookings@example.test>",
  );
  return { mailer, sent };
}

/** POST /dev/jobs/run: every sweep once, on the app clock. */
export async function runJobs(): Promise<Record<string, number>> {
  const response = await api.post("/dev/jobs/run");
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.counts as Record<string, number>;
}

export async function outboxRows(to: string) {
  return currentDb().db.select().from(outboxMessages).where(eq(outboxMessages.to, to));
}

export async function workspaceName(id: string): Promise<string> {
  const [row] = await currentDb().db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, id));
  return row!.name;
}

/** Queues a booking message in its own transaction, as a booking verb would. */
export async function queueMessage(bookingId: string, kind: BookingMessageKind, extra: { code?: string; previousStartsAt?: Date; now?: Date } = {}) {
  await withTransaction(currentDb(), (tx) => queueBookingMessages(tx, { kind, bookingId, now: extra.now ?? new Date(), ...extra }));
}
