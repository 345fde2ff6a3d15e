import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { expect } from "vitest";
import { payments, processorEvents, testProcessorIntents, type PaymentRow, type ServiceRow } from "@/lib/db/schema";
import { runDueWork } from "@/lib/jobs/run-due-work";
import { abandonedPaymentSweep, dueRefundSweep } from "@/lib/payments/sweeps";
import { loadClock } from "@/lib/time/clock";
import { api, type ApiResponse } from "./api";
import type { TestWorkspace } from "./fixtures";
import { currentDb } from "./test-db";
import { addService } from "./factories";

const db = () => currentDb().db;

export const WEBHOOK_SECRET = "whsec_payments_test_secret";

/** Connects the workspace's processor account through the settings route, as a business would. */
export async function connectAccount(ws: TestWorkspace, accountId = `acct_${randomBytes(8).toString("hex")}`): Promise<string> {
  const response = await api.patch("/v1/workspace", {
    key: ws.sk,
    body: { stripe_account_id: accountId, refund_policy: "Full refund up to 24 hours before." },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return accountId;
}

/**
 * A paid service (full price unless told otherwise) offered by the first calendar, 9–5 every
 * day, in a workspace whose processor account is then connected through the settings route.
 */
export async function addPaidService(ws: TestWorkspace, fields: Partial<ServiceRow> = {}): Promise<{ service: ServiceRow; accountId: string }> {
  const service = await addService(ws, { paymentMode: "full", priceCents: 4_500, ...fields });
  return { service, accountId: await connectAccount(ws) };
}

export async function paymentOf(bookingId: string): Promise<PaymentRow> {
  const [row] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
  expect(row, `a payment for booking ${bookingId}`).toBeDefined();
  return row!;
}

export async function paymentsOf(bookingId: string): Promise<PaymentRow[]> {
  return db().select().from(payments).where(eq(payments.bookingId, bookingId));
}

export async function testIntentOf(payment: PaymentRow) {
  const [row] = await db().select().from(testProcessorIntents).where(eq(testProcessorIntents.id, payment.intentId!));
  return row!;
}

export async function isEventRecorded(eventId: string): Promise<boolean> {
  return (await db().select().from(processorEvents).where(eq(processorEvents.eventId, eventId))).length > 0;
}

/** Runs the payment sweeps now, on the app clock (the other domains' sweeps are theirs to test). */
export async function runPaymentSweeps(): Promise<Record<string, number>> {
  const handle = currentDb();
  return runDueWork({ db: handle.db, clock: await loadClock(handle.db) }, [abandonedPaymentSweep, dueRefundSweep]);
}

export async function devPayment(bookingId: string, outcome: string): Promise<ApiResponse> {
  return api.post(`/dev/payments/${bookingId}/${outcome}`);
}

const signer = new Stripe("sk_test_signer_only", { telemetry: false });

export type StripeEventInput = {
  type: string;
  object: Record<string, unknown>;
  account?: string | null;
  id?: string;
  livemode?: boolean;
  secret?: string;
};

/** A Connect event as Stripe sends it: JSON body signed with generateTestHeaderString. */
export function stripeEvent(input: StripeEventInput): { id: string; rawBody: string; signature: string } {
  const id = input.id ?? `evt_${randomBytes(12).toString("hex")}`;
  const event: Record<string, unknown> = {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type: input.type,
    livemode: input.livemode ?? false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: input.object },
  };
  if (input.account !== null) event.account = input.account;
  const rawBody = JSON.stringify(event);
  return { id, rawBody, signature: signer.webhooks.generateTestHeaderString({ payload: rawBody, secret: input.secret ?? WEBHOOK_SECRET }) };
}

export async function postStripeEvent(event: { rawBody: string; signature: string }): Promise<ApiResponse> {
  return api.post("/api/stripe/webhook", { rawBody: event.rawBody, headers: { "Stripe-Signature": event.signature, "Content-Type": "application/json" } });
}

export async function sendStripeEvent(input: StripeEventInput): Promise<ApiResponse & { eventId: string }> {
  const event = stripeEvent(input);
  return { ...(await postStripeEvent(event)), eventId: event.id };
}
