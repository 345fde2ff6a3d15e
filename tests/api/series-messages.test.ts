import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { newWorkspace } from "../helpers/fixtures";
import { book, clientIpOf, latestCodeFor, messagesTo, newCustomer, setNow } from "../helpers/bookings";
import { updateWorkspace } from "../helpers/factories";
import { call } from "../helpers/api";
import { parseCalendar } from "../helpers/ical";
import { findPart, type MimePart } from "../helpers/mime";
import { runJobs } from "../helpers/outbox";
import { SERIES_NOW as NOW, seriesService, wall } from "../helpers/series";
import { useSmtpServers } from "../helpers/smtp";

/**
 * A series' messages (docs/series-and-waitlists.md#series): one email to the customer and one to
 * the business listing every date (over a real SMTP server, with one VEVENT per booking under the
 * feed's UIDs), one text message, one cancellation for the rest of a series.
 */
const useSmtpServer = useSmtpServers();
const textOf = (message: MimePart) => findPart(message, "text/plain")!.body;
const calendarOf = (message: MimePart) => parseCalendar(findPart(message, "text/calendar")!.body);

/** A workspace that sends the business its own emails, and the UIDs its calendar's feed serves. */
async function studioWithFeed(timezone: string) {
  const ws = await newWorkspace({ timezone });
  const desk = `desk-${ws.id.slice(0, 8)}@studio.test`;
  expect((await api.patch("/v1/workspace", { key: ws.sk, body: { name: "Studio North", contact_email: desk, reminders: [] } })).status).toBe(200);
  const feed = await api.put(`/v1/staff/${ws.staffId}/calendar-feed`, { key: ws.sk });
  const feedUids = async () =>
    parseCalendar((await call("GET", new URL(feed.body.url as string).pathname, {})).body as string).events.map((event) => event.uid);
  return { ws, desk, feedUids };
}

describe("a series' emails list the dates (one message each, over SMTP)", () => {
  const cases = [
    {
      timezone: "Europe/Berlin",
      customer: { language: "de", timezone: "America/New_York" },
      // Berlin leaves summer time on 31 October 2027, New York on 7 November: both inside the series.
      dates: ["Donnerstag, 14. Oktober 2027, 10:00–10:45", "Donnerstag, 4. November 2027, 10:00–10:45", "Donnerstag, 18. November 2027, 10:00–10:45"],
      yourTimes: ["Donnerstag, 14. Oktober 2027, 04:00–04:45", "Donnerstag, 4. November 2027, 05:00–05:45", "Donnerstag, 18. November 2027, 04:00–04:45"],
      lead: "Ihre 6 Buchungen bei Studio North sind bestätigt",
      // Each date's own deadline, a day before it; the first's in full.
      deadline: "Jeder Termin kann bis 1 Tag vor Beginn kostenlos storniert werden, der erste bis Mittwoch, 13. Oktober 2027, 10:00 (Ortszeit Berlin).",
    },
    {
      timezone: "America/New_York",
      customer: { language: "en", locale: "en-US" },
      dates: [
        "Thursday, October 14, 2027, 10:00 AM–10:45 AM",
        "Thursday, November 4, 2027, 10:00 AM–10:45 AM",
        "Thursday, November 18, 2027, 10:00 AM–10:45 AM",
      ],
      yourTimes: [],
      lead: "Your 6 bookings with Studio North are confirmed",
      deadline:
        "Each date can be cancelled free of charge until 1 day before it starts; the first until Wednesday, October 13, 2027, 10:00 AM (New York time).",
    },
  ];
  for (const { timezone, customer: extra, dates, yourTimes, lead, deadline } of cases) {
    it(`${timezone}: the customer and the business each get ONE confirmation listing all six dates, with one calendar event per booking (the feed's UIDs)`, async () => {
      await setNow(NOW);
      const { ws, desk, feedUids } = await studioWithFeed(timezone);
      const service = await seriesService(ws, { minCancelNoticeMinutes: 1440 });
      const customer = newCustomer(extra);
      const made = await book(ws, { service_id: service.id, starts_at: wall(ws, "2027-10-14", "10:00"), customer, repeat: { every: "week", count: 6 } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const ids = made.body.series.bookings.map((b: { id: string }) => b.id);
      const server = await useSmtpServer();
      await runJobs();
      const mine = server.received.filter((mail) => mail.to === customer.email);
      const theirs = server.received.filter((mail) => mail.to === desk);
      expect(mine).toHaveLength(1);
      expect(theirs).toHaveLength(1);

      // Narrow and no-break spaces (US times, German dates) read as spaces here.
      const text = textOf(mine[0]!.message).replace(/[\u00a0\u202f]/g, " ");
      expect(text).toContain(lead);
      for (const date of dates) expect(text).toContain(date);
      for (const date of yourTimes) expect(text).toContain(date);
      expect(text).toContain(deadline);
      // The customer's calendar file: one event per date, each under its booking's id, as the feed serves them.
      const invite = calendarOf(mine[0]!.message);
      expect(invite.method).toBe("REQUEST");
      expect(invite.events.map((event) => event.uid)).toEqual(ids);
      expect(invite.events.map((event) => DateTime.fromJSDate(event.start, { zone: timezone }).toFormat("ccc HH:mm"))).toEqual(Array(6).fill("Thu 10:00"));
      expect((await feedUids()).sort()).toEqual([...ids].sort());

      // The business reads the six dates in its own language and zone, and its calendar gets six entries.
      const business = textOf(theirs[0]!.message);
      expect(business.split("\n").filter((line) => line.includes("10:00")).length).toBeGreaterThanOrEqual(6);
      const published = calendarOf(theirs[0]!.message);
      expect(published.method).toBe("PUBLISH");
      expect(published.events.map((event) => event.uid)).toEqual(ids);
    });
  }

  it("a series held under verification sends one code, and the code's confirmation is one message listing every date", async () => {
    await setNow(NOW);
    const { ws, desk } = await studioWithFeed("Europe/Berlin");
    await updateWorkspace(ws, { requireVerification: true });
    const service = await seriesService(ws);
    const customer = newCustomer({ language: "en" });
    const held = await book(
      ws,
      { service_id: service.id, starts_at: wall(ws, "2027-10-21", "10:00"), customer, repeat: { every: "week", count: 3 } },
      { key: ws.pk },
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const ids = held.body.series.bookings.map((b: { id: string }) => b.id);
    const server = await useSmtpServer();
    await runJobs();
    expect(server.received.filter((mail) => mail.to === customer.email)).toHaveLength(1);
    const code = await latestCodeFor(customer.email);
    const verified = await api.post(`/v1/bookings/${held.body.id}/verify`, { key: ws.pk, body: { code }, headers: clientIpOf(ws) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    await runJobs();
    const mine = server.received.filter((mail) => mail.to === customer.email);
    expect(mine).toHaveLength(2);
    const text = textOf(mine[1]!.message);
    expect(text).toContain("Your 3 bookings with Studio North are confirmed");
    for (const day of ["21 October 2027, 10:00", "28 October 2027, 10:00", "4 November 2027, 10:00"]) expect(text).toContain(day);
    expect(calendarOf(mine[1]!.message).events.map((event) => event.uid)).toEqual(ids);
    const theirs = server.received.filter((mail) => mail.to === desk);
    expect(theirs).toHaveLength(1);
    expect(calendarOf(theirs[0]!.message).events.map((event) => event.uid)).toEqual(ids);
    // Running the due work again sends nothing more.
    await runJobs();
    expect(server.received.filter((mail) => mail.to === customer.email || mail.to === desk)).toHaveLength(3);
  });
});

describe("a series' text message", () => {
  it("is one SMS for the whole series, naming how many dates and the first", async () => {
    await setNow(NOW);
    const ws = await newWorkspace({ timezone: "Europe/Berlin", plan: "starter", planStep: 1 });
    await updateWorkspace(ws, { smsEnabled: true, name: "Studio North" });
    const service = await seriesService(ws);
    const phone = "+4915112345678";
    const made = await book(ws, {
      service_id: service.id,
      starts_at: wall(ws, "2027-10-14", "10:00"),
      customer: newCustomer({ phone, language: "en" }),
      repeat: { every: "week", count: 4 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const texts = await messagesTo(phone);
    expect(texts.map((message) => message.channel)).toEqual(["sms"]);
    expect(texts[0]!.text).toMatch(/^Studio North: your 4 bookings for Physio are confirmed, the first on 14 Oct, 10:00 \(Berlin time\)\. Manage: http/);
  });
});

describe("cancelling the rest of a series sends one message (over SMTP)", () => {
  it("the customer and the business each get ONE cancellation listing the dates cancelled, with a CANCEL for each booking", async () => {
    await setNow(NOW);
    const { ws, desk } = await studioWithFeed("Europe/Berlin");
    const service = await seriesService(ws);
    const customer = newCustomer({ language: "en" });
    const made = await book(ws, { service_id: service.id, starts_at: wall(ws, "2027-10-04", "10:00"), customer, repeat: { every: "week", count: 4 } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const ids: string[] = made.body.series.bookings.map((b: { id: string }) => b.id);
    const server = await useSmtpServer();
    await runJobs();
    // A week on: the first date has passed; the three others are cancelled from the manage link.
    await setNow("2027-10-09T08:00:00Z");
    const cancelled = await api.post(`/v1/public/bookings/${made.body.access_token}/cancel-series`, { headers: clientIpOf(ws), body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await runJobs();
    const mine = server.received.filter((mail) => mail.to === customer.email);
    const theirs = server.received.filter((mail) => mail.to === desk);
    expect(mine).toHaveLength(2);
    expect(theirs).toHaveLength(2);
    const text = textOf(mine[1]!.message);
    expect(text).toContain("These 3 bookings with Studio North have been cancelled.");
    for (const day of ["11 October 2027, 10:00", "18 October 2027, 10:00", "25 October 2027, 10:00"]) expect(text).toContain(day);
    expect(text).not.toContain("4 October 2027");
    const removal = calendarOf(mine[1]!.message);
    expect(removal.method).toBe("CANCEL");
    expect(removal.events.map((event) => [event.uid, event.status, event.sequence])).toEqual(ids.slice(1).map((id) => [id, "CANCELLED", 1]));
    const business = textOf(theirs[1]!.message);
    expect(business).toContain("cancelled 3 dates of their bookings for Physio");
    expect(calendarOf(theirs[1]!.message).events.map((event) => event.uid)).toEqual(ids.slice(1));
  });
});
