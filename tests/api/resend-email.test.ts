import { afterEach, describe, expect, it } from "vitest";
import { parseConfig, setConfigForTesting } from "@/lib/config";
import { book, setNow } from "../helpers/bookings";
import { addService, updateWorkspace } from "../helpers/factories";
import { newWorkspace } from "../helpers/fixtures";
import { parseCalendar } from "../helpers/ical";
import { outboxRows, runJobs } from "../helpers/outbox";
import { startResendStandIn, type ResendStandIn } from "../helpers/resend-stand-in";
import { startSmtpServer } from "../helpers/smtp";

/**
 * Email through Resend's API (RESEND_API_KEY), with the official SDK against a local stand-in
 * that keeps Resend's documented Idempotency-Key rules (tests/helpers/resend-stand-in.ts). Each
 * outbox row is sent under its own id as the key, so a row sent a second time (the answer was
 * lost, or the process died before marking it) is recognised and delivered once
 * (docs/idempotency.md#email-exactly-once).
 */
let resend: ResendStandIn | undefined;
afterEach(async () => {
  setConfigForTesting(undefined);
  await resend?.close();
  resend = undefined;
});

async function useResend(extra: { smtpUrl?: string } = {}) {
  resend = startResendStandIn();
  setConfigForTesting({ resend: { apiKey: resend.apiKey, baseUrl: await resend.listening }, emailFrom: "Bookings <bookings@platform.test>", ...extra });
  return resend;
}

async function bookedStudio(email: string) {
  const ws = await newWorkspace({ timezone: "Europe/Paris" });
  await updateWorkspace(ws, { name: "Studio North", contactEmail: "hello@studio-north.test" });
  const service = await addService(ws, { name: "Colour", durationMinutes: 60 });
  await setNow("2031-03-05T12:00:00Z");
  const created = await book(ws, {
    service_id: service.id,
    starts_at: "2031-03-10T09:00:00+01:00",
    customer: { name: "Ada Lovelace", email, timezone: "Europe/London" },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ws, bookingId: created.body.id as string, token: created.body.access_token as string };
}

describe("email through Resend", () => {
  it("sends the confirmation with its text, HTML, reply-to and .ics, under the outbox row's id as Idempotency-Key; SMTP_URL beside it sends nothing", async () => {
    const smtp = startSmtpServer();
    const stand = await useResend({ smtpUrl: `smtp://127.0.0.1:${await smtp.listening}` });
    const email = `ada-resend-1-${Date.now()}@example.com`;
    const { bookingId, token } = await bookedStudio(email);
    await runJobs();
    await smtp.close();
    expect(smtp.received).toHaveLength(0);

    const [row] = await outboxRows(email);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    const sent = stand.deliveries.filter((delivery) => delivery.body.to === email);
    expect(sent).toHaveLength(1);
    const delivery = sent[0]!;
    expect(delivery.key).toBe(row!.id);
    expect(delivery.body).toMatchObject({
      from: "Bookings <bookings@platform.test>",
      subject: "Booking confirmed with Studio North",
      reply_to: "hello@studio-north.test",
      headers: { "Auto-Submitted": "auto-generated" },
    });
    expect(delivery.body.text).toContain(`http://localhost:3000/manage/${token}`);
    expect(delivery.body.html).toContain(`http://localhost:3000/manage/${token}`);
    // The calendar file arrives as Resend takes attachments: base64 content, named, typed.
    expect(delivery.body.attachments).toHaveLength(1);
    const attachment = delivery.body.attachments![0]!;
    expect(attachment).toMatchObject({ filename: "invite.ics", content_type: expect.stringContaining("text/calendar") });
    const calendar = parseCalendar(Buffer.from(attachment.content, "base64").toString("utf8"));
    expect(calendar.method).toBe("REQUEST");
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]!.uid).toContain(bookingId);
  });

  it("a row sent again after its answer was lost is delivered once: the same key, answered from Resend's record", async () => {
    const stand = await useResend();
    const email = `ada-resend-2-${Date.now()}@example.com`;
    // Resend takes the confirmation on and the connection drops before its answer arrives.
    stand.dropNext(1);
    await bookedStudio(email);
    await runJobs();
    let [row] = await outboxRows(email);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toContain("Resend answered");
    expect(stand.deliveries.filter((delivery) => delivery.body.to === email)).toHaveLength(1);

    // The retry, after its wait: the same row, the same key; Resend answers from its record.
    await setNow("2031-03-05T12:02:00Z");
    await runJobs();
    [row] = await outboxRows(email);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    const keys = stand.requests.filter((request) => request.key === row!.id);
    expect(keys).toHaveLength(2);
    expect(stand.deliveries.filter((delivery) => delivery.body.to === email)).toHaveLength(1);
    expect(stand.replays()).toBe(1);
  });

  it("a refusal is kept on the row and retried on the outbox's schedule; a wrong key never sends", async () => {
    const stand = await useResend();
    const email = `ada-resend-3-${Date.now()}@example.com`;
    stand.refuseNext(1, 429);
    await bookedStudio(email);
    await runJobs();
    let [row] = await outboxRows(email);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toContain("Resend answered 429 rate_limit_exceeded");
    await setNow("2031-03-05T12:02:00Z");
    await runJobs();
    [row] = await outboxRows(email);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });

    setConfigForTesting({ resend: { apiKey: "re_wrong", baseUrl: await stand.listening } });
    const other = `ada-resend-4-${Date.now()}@example.com`;
    await bookedStudio(other);
    await runJobs();
    [row] = await outboxRows(other);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toContain("Resend answered 403 invalid_api_key");
    expect(stand.deliveries.filter((delivery) => delivery.body.to === other)).toHaveLength(0);
  });

  it("RESEND_API_KEY and RESEND_BASE_URL are read from the environment; a key that is not Resend's is refused at start", async () => {
    const secret = { APP_SECRET: "s".repeat(32) };
    expect(parseConfig({ ...secret, RESEND_API_KEY: "re_live_123" }).resend).toEqual({ apiKey: "re_live_123", baseUrl: "https://api.resend.com" });
    expect(parseConfig({ ...secret }).resend).toBeUndefined();
    expect(() => parseConfig({ ...secret, RESEND_API_KEY: "sk_live_123" })).toThrow(/Invalid setting RESEND_API_KEY/);
    expect(parseConfig({ ...secret, RESEND_API_KEY: "re_1", RESEND_BASE_URL: "http://127.0.0.1:9/" }).resend!.baseUrl).toBe("http://127.0.0.1:9");
  });
});
