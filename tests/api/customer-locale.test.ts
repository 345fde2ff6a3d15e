import { describe, expect, it } from "vitest";
import { book, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { newWorkspace } from "../helpers/fixtures";
import { findPart } from "../helpers/mime";
import { runJobs } from "../helpers/outbox";
import { useSmtpServers } from "../helpers/smtp";

/**
 * docs/decisions.md#languages: `customer.locale` (BCP 47) is stored with the booking and the customer's
 * messages write dates and times the way that locale does, while their language stays the supported one.
 * Read from a real SMTP server, as a mail provider gets it.
 */
const useSmtpServer = useSmtpServers();

async function bookAt945(customer: Record<string, unknown>) {
  const ws = await newWorkspace({ timezone: "America/New_York", slotIntervalMinutes: 15 });
  const service = await addService(ws, { name: "Cut", durationMinutes: 30 });
  await setNow("2031-03-03T08:00:00Z");
  const email = `c-${ws.id.slice(0, 8)}@example.com`;
  const created = await book(ws, { service_id: service.id, starts_at: "2031-03-05T09:45:00-05:00", customer: { name: "Ada", email, ...customer } });
  return { ws, created, email };
}

async function confirmationText(email: string) {
  const server = await useSmtpServer();
  await runJobs();
  const mine = server.received.filter((item) => item.to === email);
  expect(mine).toHaveLength(1);
  return findPart(mine[0]!.message, "text/plain")!.body;
}

describe("customer.locale formats the customer's emails", () => {
  it("en-US reads 9:45 AM and a month-first date", async () => {
    const { created, email } = await bookAt945({ language: "en", locale: "en-US" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const text = await confirmationText(email);
    expect(text).toMatch(/When: Wednesday, March 5, 2031, 9:45\sAM–10:15\sAM \(New York time\)/);
    expect(text).not.toContain("09:45");
  });

  it("en-GB reads 09:45, day first", async () => {
    const { created, email } = await bookAt945({ language: "en", locale: "en-GB" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const text = await confirmationText(email);
    expect(text).toContain("When: Wednesday, 5 March 2031, 09:45–10:15 (New York time)");
  });

  it("the language stays the negotiated one; the region brings its clock (a de-CH customer served in English reads 09:45)", async () => {
    const { created, email } = await bookAt945({ language: "en", locale: "de-CH", timezone: "America/Los_Angeles" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const text = await confirmationText(email);
    expect(text).toContain("When: Wednesday, 5 March 2031, 09:45–10:15 (New York time)");
    expect(text).toContain("Your time: Wednesday, 5 March 2031, 06:45–07:15 (Los Angeles time)");
  });

  it("is stored canonical: en-us is en-US", async () => {
    const { created, email } = await bookAt945({ locale: "en-us" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await confirmationText(email)).toMatch(/9:45\sAM/);
  });

  it.each(["en_US", "not a locale", "x", "en-US-".padEnd(40, "a")])("refuses %j with 422 on customer.locale", async (locale) => {
    const { created } = await bookAt945({ locale });
    expect(created.status).toBe(422);
    expect(created.body).toMatchObject({ error: { type: "validation_failed", param: "customer.locale" } });
  });

  it("without a locale English reads as the workspace's country writes it (a New York studio: US style)", async () => {
    const { created, email } = await bookAt945({});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await confirmationText(email)).toMatch(/When: Wednesday, March 5, 2031, 9:45\sAM–10:15\sAM \(New York time\)/);
  });
});
