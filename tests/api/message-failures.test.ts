import { afterEach, describe, expect, it, vi } from "vitest";
import { getLogger } from "@/lib/log/logger";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { book, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { runJobs } from "../helpers/outbox";
import { useSmtpServers } from "../helpers/smtp";
import { registerEndpoint, useWebhookReceivers } from "../helpers/webhooks";

/**
 * docs/decisions.md#delivery-failures, through a real SMTP server (smtp-server) that rejects a
 * mailbox with 550: messages are ordered per recipient, so one recipient's bounce holds back
 * nothing of another's; every failed attempt is one log line without the address; a message
 * given up is listed by GET /v1/messages and sent as message.failed.
 */
const useSmtpServer = useSmtpServers();
const startReceiver = useWebhookReceivers();
afterEach(() => {
  vi.restoreAllMocks();
});

const MESSAGE_FIELDS = ["attempts", "booking_id", "channel", "created_at", "id", "kind", "last_error", "recipient", "sent_at", "status"];

async function studio() {
  const ws = await newWorkspace({ timezone: "Europe/Paris" });
  const desk = `desk-${ws.id.slice(0, 8)}@studio-north.test`;
  const patched = await api.patch("/v1/workspace", { key: ws.sk, body: { name: "Studio North", contact_email: desk, reminders: [] } });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return { ws, desk, service: await addService(ws, { name: "Colour", durationMinutes: 60 }) };
}

async function bookFor(ws: TestWorkspace, serviceId: string, email: string, startsAt: string) {
  const created = await book(ws, { service_id: serviceId, starts_at: startsAt, customer: { name: "Ada Lovelace", email } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

async function messagesOf(ws: TestWorkspace, query: string) {
  const listed = await api.get(`/v1/messages?${query}`, { key: ws.sk });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body as { data: Record<string, unknown>[]; next_cursor: string | null };
}

describe("a mailbox rejected by the mail server (550)", () => {
  it("the business's email is delivered at once while the customer's bounces; each failed attempt is logged without the address; given up, it is listed by GET /v1/messages and sent as message.failed", async () => {
    const smtp = await useSmtpServer();
    const { ws, desk, service } = await studio();
    const hook = await startReceiver();
    const endpoint = await registerEndpoint(ws, hook.url, ["message.failed"]);
    hook.trust(endpoint.secret);
    const customer = `bounce-${ws.id.slice(0, 8)}@example.com`;
    smtp.reject(customer);
    await setNow("2031-03-03T08:00:00Z");
    const bookingId = await bookFor(ws, service.id, customer, "2031-03-05T10:00:00+01:00");
    const warn = vi.spyOn(getLogger(), "warn");
    const error = vi.spyOn(getLogger(), "error");

    await runJobs();
    // The business's "New booking" email did not wait for the customer's bounce.
    expect(smtp.received.filter((mail) => [desk, customer].includes(mail.to)).map((mail) => mail.to)).toEqual([desk]);
    const first = await messagesOf(ws, `booking_id=${bookingId}`);
    expect(first.next_cursor).toBeNull();
    for (const item of first.data) expect(Object.keys(item).sort()).toEqual(MESSAGE_FIELDS);
    const byRecipient = Object.fromEntries(first.data.map((item) => [item.recipient, item]));
    expect(byRecipient.business).toMatchObject({
      booking_id: bookingId,
      channel: "email",
      kind: "confirmation",
      status: "sent",
      attempts: 1,
      last_error: null,
    });
    expect(byRecipient.business!.sent_at).toEqual(expect.any(String));
    expect(byRecipient.customer).toMatchObject({
      booking_id: bookingId,
      channel: "email",
      kind: "confirmation",
      status: "pending",
      attempts: 1,
      sent_at: null,
    });
    expect(byRecipient.customer!.last_error).toContain("550");
    expect(byRecipient.customer!.last_error).not.toContain(customer);

    // One warn line for the failed attempt: ids and the server's answer, never the address.
    const mine = (calls: unknown[][]) => calls.filter(([fields]) => (fields as { booking_id?: string }).booking_id === bookingId);
    const warned = mine(warn.mock.calls);
    expect(warned).toHaveLength(1);
    expect(warned[0]![0]).toMatchObject({
      delivery: "email",
      outcome: "failed",
      message_id: byRecipient.customer!.id,
      booking_id: bookingId,
      workspace_id: ws.id,
      attempt: 1,
    });
    expect((warned[0]![0] as { answer: string }).answer).toContain("550");
    expect(JSON.stringify(warned)).not.toContain(customer);

    // Attempts 2 to 5, each once its wait (1, 5, 30 minutes, 2 hours) has passed.
    for (const at of ["2031-03-03T08:02:00Z", "2031-03-03T08:08:00Z", "2031-03-03T08:39:00Z", "2031-03-03T10:40:00Z"]) {
      await setNow(at);
      await runJobs();
    }
    expect(mine(warn.mock.calls)).toHaveLength(4);
    const givenUp = mine(error.mock.calls);
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]![0]).toMatchObject({ outcome: "given_up", message_id: byRecipient.customer!.id, attempt: 5 });
    expect(JSON.stringify(givenUp)).not.toContain(customer);
    expect(smtp.received.filter((mail) => [desk, customer].includes(mail.to)).map((mail) => mail.to)).toEqual([desk]);

    const failed = await messagesOf(ws, "status=failed");
    expect(failed.data).toHaveLength(1);
    expect(failed.data[0]).toMatchObject({ id: byRecipient.customer!.id, recipient: "customer", status: "failed", attempts: 5, sent_at: null });
    expect(failed.data[0]!.last_error).toContain("550");

    // message.failed, signed, with the message exactly as listed; never the address or the body.
    await expect.poll(() => hook.received.length).toBe(1);
    const [event] = hook.received;
    expect(event!.verifiedWith).toBe(endpoint.secret);
    expect(event!.headers["booking-event"]).toBe("message.failed");
    expect(event!.json).toMatchObject({ type: "message.failed", data: { message: failed.data[0] } });
    expect(event!.rawBody).not.toContain(customer);
    expect(event!.rawBody).not.toContain("Booking confirmed");
  });

  it("the reverse: a rejected business address holds back none of the customer's messages, which still arrive confirmed before cancelled", async () => {
    const smtp = await useSmtpServer();
    const { ws, desk, service } = await studio();
    smtp.reject(desk);
    const customer = `ada-${ws.id.slice(0, 8)}@example.com`;
    await setNow("2031-03-03T08:00:00Z");
    const bookingId = await bookFor(ws, service.id, customer, "2031-03-05T10:00:00+01:00");
    expect((await api.post(`/v1/bookings/${bookingId}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    // The customer's confirmation meets a busy server once: the cancellation must wait for it.
    smtp.refuseNext(1, customer);
    await runJobs();
    expect(smtp.received.filter((mail) => mail.to === customer)).toHaveLength(0);
    await setNow("2031-03-03T08:02:00Z");
    await runJobs();
    // (Other tests' rows share the database: only this workspace's addresses are looked at.)
    expect(smtp.received.filter((mail) => mail.to === desk)).toEqual([]);
    expect(smtp.received.filter((mail) => mail.to === customer).map((mail) => [mail.to, mail.message.headers.subject])).toEqual([
      [customer, "Booking confirmed with Studio North"],
      [customer, "Booking cancelled with Studio North"],
    ]);
    const business = await messagesOf(ws, `booking_id=${bookingId}`);
    expect(business.data.filter((item) => item.recipient === "business").map((item) => [item.kind, item.status])).toEqual([
      ["cancellation", "pending"],
      ["confirmation", "pending"],
    ]);
  });
});

describe("GET /v1/messages", () => {
  it("lists the workspace's messages newest first, by status, booking and channel, a page at a time; never another workspace's", async () => {
    const { ws, service } = await studio();
    const other = await studio();
    await setNow("2031-03-03T08:00:00Z");
    const first = await bookFor(ws, service.id, `one-${ws.id.slice(0, 8)}@example.com`, "2031-03-05T10:00:00+01:00");
    await bookFor(other.ws, other.service.id, `elsewhere-${ws.id.slice(0, 8)}@example.com`, "2031-03-05T10:00:00+01:00");
    await setNow("2031-03-03T08:05:00Z");
    const second = await bookFor(ws, service.id, `two-${ws.id.slice(0, 8)}@example.com`, "2031-03-06T10:00:00+01:00");

    const all = await messagesOf(ws, "");
    expect(all.data.map((item) => item.booking_id)).toEqual([second, second, first, first]);
    expect(all.data.every((item) => item.status === "pending")).toBe(true);
    expect((await messagesOf(ws, `booking_id=${first}`)).data.map((item) => item.recipient).sort()).toEqual(["business", "customer"]);
    expect((await messagesOf(ws, "channel=sms")).data).toEqual([]);
    expect((await messagesOf(ws, "channel=email")).data).toHaveLength(4);

    // Without a provider the row is the delivery: sent by the next run.
    await runJobs();
    expect((await messagesOf(ws, "status=pending")).data).toEqual([]);
    expect((await messagesOf(ws, "status=sent&channel=email")).data).toHaveLength(4);

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await messagesOf(ws, `limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      pages.push(...page.data.map((item) => item.id as string));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual(all.data.map((item) => item.id));

    expectError(await api.get("/v1/messages?status=bounced", { key: ws.sk }), 422, "validation_failed");
    expectError(await api.get("/v1/messages?booking_id=nope", { key: ws.sk }), 422, "validation_failed");
  });
});

itEnforcesAuth("GET /v1/messages", async () => [{ method: "GET", path: "/v1/messages", owner: await newWorkspace() }]);
