import { describe, expect, it } from "vitest";
import { book, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { newWorkspace } from "../helpers/fixtures";
import { findPart } from "../helpers/mime";
import { runJobs } from "../helpers/outbox";
import { useSmtpServers } from "../helpers/smtp";

/**
 * Issue 40: the confirmation email states the real deadline for changes online ("Free
 * cancellation until …", in the business's time) or, for a time already inside the service's
 * notice window, that there is none, instead of offering "reschedule or cancel" the manage page
 * then refuses. Read from a real SMTP server; the notice is real elapsed minutes, so across the
 * spring-forward night the deadline's wall time is an hour off the start's.
 */
const useSmtpServer = useSmtpServers();

async function confirmation(startsAt: string, noticeMinutes: number) {
  const server = await useSmtpServer();
  const ws = await newWorkspace({ timezone: "America/New_York" });
  const service = await addService(ws, { name: "Cut", durationMinutes: 30, minCancelNoticeMinutes: noticeMinutes });
  await setNow("2031-03-07T15:00:00Z");
  const email = `deadline-${ws.id.slice(0, 8)}@example.com`;
  const created = await book(ws, { service_id: service.id, starts_at: startsAt, customer: { name: "Ada", email, language: "en" } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await runJobs();
  const mine = server.received.filter((item) => item.to === email);
  expect(mine).toHaveLength(1);
  return { html: findPart(mine[0]!.message, "text/html")!.body, text: findPart(mine[0]!.message, "text/plain")!.body };
}

describe("the confirmation email's deadline for changes online", () => {
  it("says until when the booking can be cancelled for free, counted in real hours across the clock change", async () => {
    // Sunday 9 March 2031 is New York's spring-forward day: 24 hours before 12:00 EDT is 11:00 EST the day before.
    const { html, text } = await confirmation("2031-03-09T12:00:00-04:00", 24 * 60);
    expect(text).toMatch(/Free cancellation until Saturday, March 8, 2031, 11:00\sAM \(New York time\)/);
    expect(html).toMatch(/Free cancellation until Saturday, March 8, 2031, 11:00\sAM \(New York time\)/);
    expect(html).toContain("To view, reschedule or cancel your booking, use this link:");
  });

  it("says plainly that a time inside the notice window cannot be changed online, and offers no reschedule or cancel", async () => {
    const { html, text } = await confirmation("2031-03-08T10:00:00-05:00", 48 * 60);
    expect(text).toContain("This booking can no longer be cancelled or moved online");
    expect(html).toContain("This booking can no longer be cancelled or moved online");
    expect(html).not.toMatch(/reschedule or cancel/i);
    expect(html).toContain("To view your booking, use this link:");
  });
});
