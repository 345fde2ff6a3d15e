import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { book, bookingsOf, clientIpOf, deliveriesOf, latestCodeFor, newCustomer, setNow } from "../helpers/bookings";
import { addService, addWebhookEndpoint, connectPaymentAccount, updateWorkspace } from "../helpers/factories";
import { runJobs } from "../helpers/outbox";
import { localTimeOf, SERIES_NOW as NOW, seriesService, wall } from "../helpers/series";

/**
 * Bookings that repeat (docs/series-and-waitlists.md) over HTTP, on PGlite and (DATABASE_URL)
 * PostgreSQL: occurrences across daylight saving, holds, all or nothing, availability, replay,
 * the manage link and races. Their emails and text messages: series-messages.test.ts.
 */
describe("a weekly series across the end of daylight saving", () => {
  for (const timezone of ["Europe/Berlin", "America/New_York"]) {
    it(`${timezone}: six Thursdays at 10:00 stay at 10:00 local, on one calendar, each an ordinary booking`, async () => {
      await setNow(NOW);
      const ws = await newWorkspace({ timezone });
      await addWebhookEndpoint(ws);
      const service = await seriesService(ws);
      const first = wall(ws, "2027-10-14", "10:00");
      const response = await book(ws, { service_id: service.id, starts_at: first, repeat: { every: "week", count: 6 } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const { series } = response.body;
      expect(series.count).toBe(6);
      expect(series.bookings).toHaveLength(6);
      expect(response.body.series_id).toBe(series.id);
      expect(response.body.id).toBe(series.bookings[0].id);
      expect(response.body.access_token).toEqual(expect.any(String));
      // Same local time every week, while the UTC offset changes once.
      expect(series.bookings.map((b: { starts_at: string }) => localTimeOf(b.starts_at, timezone))).toEqual(Array(6).fill("Thu 10:00"));
      expect(new Set(series.bookings.map((b: { starts_at: string }) => b.starts_at.slice(-6))).size).toBe(2);
      const days = series.bookings.map((b: { starts_at: string }) => DateTime.fromISO(b.starts_at, { zone: timezone }).toISODate());
      expect(days).toEqual(["2027-10-14", "2027-10-21", "2027-10-28", "2027-11-04", "2027-11-11", "2027-11-18"]);
      for (const occurrence of series.bookings) expect(occurrence.status).toBe("confirmed");

      const rows = (await bookingsOf(ws)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      expect(rows).toHaveLength(6);
      expect(new Set(rows.map((row) => row.staffId))).toEqual(new Set([ws.staffId]));
      expect(new Set(rows.map((row) => row.seriesId))).toEqual(new Set([series.id]));
      // Each occurrence is read alone with its series_id, and has its own booking.created.
      const fifth = await api.get(`/v1/bookings/${series.bookings[4].id}`, { key: ws.sk });
      expect(fifth.body.series_id).toBe(series.id);
      expect(fifth.body).not.toHaveProperty("series");
      const created = (await deliveriesOf(ws)).filter((d) => d.type === "booking.created").map((d) => d.bookingId);
      expect(created.sort()).toEqual(series.bookings.map((b: { id: string }) => b.id).sort());
    });
  }
});

/** When the series' holds lapse (they were placed together, so the latest of them). */
async function holdEnd(ws: TestWorkspace): Promise<number> {
  return Math.max(...(await bookingsOf(ws)).map((row) => row.holdExpiresAt?.getTime() ?? 0));
}

describe("a held series given back or lapsed frees every date", () => {
  async function heldSeries() {
    await setNow(NOW);
    const ws = await newWorkspace({ timezone: "Europe/Berlin" });
    await updateWorkspace(ws, { requireVerification: true });
    const service = await seriesService(ws, { durationMinutes: 60 });
    const customer = newCustomer();
    const dates = ["2027-10-14", "2027-10-28", "2027-11-11"];
    const held = await book(
      ws,
      { service_id: service.id, starts_at: wall(ws, dates[0]!, "10:00"), customer, repeat: { every: "2_weeks", count: 3 } },
      { key: ws.pk },
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    /** Whether availability offers 10:00 on each date of the series, for a single booking. */
    const offered = async () => {
      const answers = [];
      for (const date of dates) {
        const response = await api.get("/v1/availability", {
          key: ws.pk,
          query: { service_id: service.id, from: wall(ws, date, "00:00"), to: wall(ws, date, "23:59") },
          headers: clientIpOf(ws),
        });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        const slots = response.body.data.flatMap((entry: { slots: { start: string }[] }) => entry.slots);
        answers.push(slots.some((slot: { start: string }) => new Date(slot.start).getTime() === new Date(wall(ws, date, "10:00")).getTime()));
      }
      return answers;
    };
    expect(await offered()).toEqual([false, false, false]);
    return { ws, held, customer, offered };
  }

  it("a hold that lapses gives back every date of the series (after the code's 10 minutes, and after the hold expiry job)", async () => {
    const { ws, offered } = await heldSeries();
    await setNow(new Date((await holdEnd(ws)) + 1000));
    expect(await offered()).toEqual([true, true, true]);
    await runJobs();
    expect(await offered()).toEqual([true, true, true]);
  });

  it("a hold given back from the code step (the customer's cancel) frees every date at once", async () => {
    const { ws, held, offered } = await heldSeries();
    const released = await api.post(`/v1/public/bookings/${held.body.access_token}/cancel`, { headers: clientIpOf(ws), body: {} });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await offered()).toEqual([true, true, true]);
    expect((await bookingsOf(ws)).map((row) => row.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
  });

  it("a hold extended from the code step is extended for every date, and the code then confirms them all", async () => {
    const { ws, held, customer, offered } = await heldSeries();
    const lapse = await holdEnd(ws);
    await setNow(new Date(lapse - 2 * 60_000));
    const extended = await api.post(`/v1/public/bookings/${held.body.access_token}/extend-hold`, { headers: clientIpOf(ws), body: {} });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    await setNow(new Date(lapse + 2 * 60_000));
    expect(await offered()).toEqual([false, false, false]);
    const code = await latestCodeFor(customer.email);
    const verified = await api.post(`/v1/bookings/${held.body.id}/verify`, { key: ws.pk, body: { code }, headers: clientIpOf(ws) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await bookingsOf(ws)).map((row) => row.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
  });
});

describe("all or nothing", () => {
  it("one taken occurrence refuses the whole series with 409 naming it, and nothing is created", async () => {
    await setNow(NOW);
    const ws = await newWorkspace({ timezone: "Europe/Berlin" });
    const service = await seriesService(ws);
    const taken = await book(ws, { service_id: service.id, starts_at: wall(ws, "2027-10-28", "10:00") });
    expect(taken.status).toBe(201);
    const before = (await bookingsOf(ws)).length;
    const customer = newCustomer();
    const refused = await book(ws, { service_id: service.id, starts_at: wall(ws, "2027-10-14", "10:00"), customer, repeat: { every: "week", count: 4 } });
    expectError(refused, 409, "slot_unavailable");
    expect(refused.body.error.unavailable.map((iso: string) => new Date(iso).toISOString())).toEqual([new Date(wall(ws, "2027-10-28", "10:00")).toISOString()]);
    expect((await bookingsOf(ws)).length).toBe(before);
    // An occurrence past the advance window (60 days) is refused the same way.
    const late = await book(ws, { service_id: service.id, starts_at: wall(ws, "2027-11-11", "12:00"), repeat: { every: "2_weeks", count: 3 } });
    expectError(late, 409, "slot_unavailable");
    expect(late.body.error.unavailable).toHaveLength(1);
    expect(DateTime.fromISO(late.body.error.unavailable[0], { zone: ws.timezone }).toISODate()).toBe("2027-12-09");
    expect((await bookingsOf(ws)).length).toBe(before);
  });

  it("refuses repeat for a paid service and above repeat_max (422, param repeat), and a count outside 2–26", async () => {
    await setNow(NOW);
    const ws = await newWorkspace();
    const starts_at = wall(ws, "2027-10-14", "10:00");
    const single = await addService(ws, { name: "Massage" });
    expectError(await book(ws, { service_id: single.id, starts_at, repeat: { every: "week", count: 2 } }), 422, "validation_failed", "repeat");
    const capped = await seriesService(ws, { repeatMax: 4 });
    expectError(await book(ws, { service_id: capped.id, starts_at, repeat: { every: "week", count: 5 } }), 422, "validation_failed", "repeat");
    for (const repeat of [{ every: "week", count: 1 }, { every: "week", count: 27 }, { every: "day", count: 3 }, { every: "week" }]) {
      expect((await book(ws, { service_id: capped.id, starts_at, repeat })).body.error.param).toMatch(/^repeat/);
    }
    await connectPaymentAccount(ws);
    const paid = await seriesService(ws, { name: "Paid", paymentMode: "full", priceCents: 5000 });
    expectError(await book(ws, { service_id: paid.id, starts_at, repeat: { every: "week", count: 2 } }), 422, "validation_failed", "repeat");
    expect(await bookingsOf(ws)).toHaveLength(0);
    // repeat_max is a service field: 0 by default, 0–26.
    const created = await api.post("/v1/services", { key: ws.sk, body: { name: "Yoga", duration_minutes: 60, payment_mode: "none" } });
    expect(created.body.repeat_max).toBe(0);
    const replaced = await api.put(`/v1/services/${created.body.id}`, {
      key: ws.sk,
      body: { name: "Yoga", duration_minutes: 60, payment_mode: "none", repeat_max: 12 },
    });
    expect(replaced.body.repeat_max).toBe(12);
    expectError(
      await api.put(`/v1/services/${created.body.id}`, { key: ws.sk, body: { name: "Yoga", duration_minutes: 60, payment_mode: "none", repeat_max: 27 } }),
      422,
      "validation_failed",
      "repeat_max",
    );
  });
});

describe("availability for a series", () => {
  it("offers only starts where every occurrence fits on that calendar, across the end of daylight saving", async () => {
    await setNow(NOW);
    const ws = await newWorkspace({ timezone: "Europe/Berlin" });
    const service = await seriesService(ws, { durationMinutes: 60 });
    expect((await book(ws, { service_id: service.id, starts_at: wall(ws, "2027-10-28", "10:00") })).status).toBe(201);
    const startsOn = async (query: Record<string, unknown>) => {
      const response = await api.get("/v1/availability", {
        key: ws.sk,
        query: { service_id: service.id, from: wall(ws, "2027-10-21", "00:00"), to: wall(ws, "2027-10-22", "00:00"), ...query },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const calendar = response.body.data.find((entry: { staff_id: string }) => entry.staff_id === ws.staffId);
      return (calendar?.slots ?? []).map((slot: { start: string }) => localTimeOf(slot.start, ws.timezone));
    };
    expect(await startsOn({})).toContain("Thu 10:00");
    const weekly = await startsOn({ repeat_every: "week", repeat_count: 3 });
    expect(weekly).not.toContain("Thu 10:00");
    expect(weekly).not.toContain("Thu 09:30");
    expect(weekly).toContain("Thu 11:00");
    expect(weekly).toContain("Thu 09:00");
    // Every two weeks skips 28 October: 10:00 fits again.
    expect(await startsOn({ repeat_every: "2_weeks", repeat_count: 3 })).toContain("Thu 10:00");
    // Beyond the 60-day advance window nothing fits.
    expect(await startsOn({ repeat_every: "4_weeks", repeat_count: 4 })).toEqual([]);
    const base = { service_id: service.id, from: wall(ws, "2027-10-21", "00:00"), to: wall(ws, "2027-10-22", "00:00") };
    expectError(await api.get("/v1/availability", { key: ws.sk, query: { ...base, repeat_count: 3 } }), 422, "validation_failed", "repeat_every");
    expectError(await api.get("/v1/availability", { key: ws.sk, query: { ...base, repeat_every: "week" } }), 422, "validation_failed", "repeat_count");
    expectError(
      await api.get("/v1/availability", { key: ws.sk, query: { ...base, repeat_every: "week", repeat_count: 27 } }),
      422,
      "validation_failed",
      "repeat_count",
    );
  });
});

describe("a series under verification, replay and cancel", () => {
  it("a publishable-key series is held whole and one code confirms every occurrence", async () => {
    await setNow(NOW);
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await seriesService(ws);
    const customer = newCustomer();
    const held = await book(
      ws,
      { service_id: service.id, starts_at: wall(ws, "2027-10-14", "10:00"), customer, repeat: { every: "2_weeks", count: 3 } },
      { key: ws.pk },
    );
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.series.bookings.map((b: { status: string }) => b.status)).toEqual(["pending", "pending", "pending"]);
    const code = await latestCodeFor(customer.email);
    const verified = await api.post(`/v1/bookings/${held.body.id}/verify`, { key: ws.pk, body: { code }, headers: clientIpOf(ws) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const rows = await bookingsOf(ws);
    expect(rows.map((row) => row.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
  });

  it("an Idempotency-Key replays the whole series; the series cancel cancels what has not started", async () => {
    await setNow(NOW);
    const ws = await newWorkspace();
    const service = await seriesService(ws);
    const body = { service_id: service.id, starts_at: wall(ws, "2027-10-04", "10:00"), customer: newCustomer(), repeat: { every: "week", count: 4 } };
    const headers = { "Idempotency-Key": "series-once" };
    const first = await book(ws, body, { headers });
    const again = await book(ws, body, { headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.series).toEqual(first.body.series);
    expect(await bookingsOf(ws)).toHaveLength(4);

    // A week on: the first occurrence has passed; the rest are cancelled.
    await setNow("2027-10-09T08:00:00Z");
    const cancelled = await api.post(`/v1/series/${first.body.series.id}/cancel`, { key: ws.sk, body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.id).toBe(first.body.series.id);
    expect(cancelled.body.bookings.map((b: { status: string }) => b.status)).toEqual(["confirmed", "cancelled", "cancelled", "cancelled"]);
    expectError(await api.post(`/v1/series/${crypto.randomUUID()}/cancel`, { key: ws.sk, body: {} }), 404, "not_found");
    const other = await newWorkspace();
    expectError(await api.post(`/v1/series/${first.body.series.id}/cancel`, { key: other.sk, body: {} }), 404, "not_found");
  });
});

describe("the rest of a series, from a manage link", () => {
  it("the public read lists every date; cancel-series cancels the dates not started, keeps one inside its notice window, and refuses a single booking", async () => {
    await setNow(NOW);
    const ws = await newWorkspace();
    const service = await seriesService(ws, { minCancelNoticeMinutes: 24 * 60 });
    const made = await book(ws, {
      service_id: service.id,
      starts_at: wall(ws, "2027-10-04", "10:00"),
      customer: newCustomer(),
      repeat: { every: "week", count: 4 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const token = made.body.access_token as string;
    const read = await api.get(`/v1/public/bookings/${token}`, { headers: clientIpOf(ws) });
    expect(read.status).toBe(200);
    expect(read.body.booking.series).toMatchObject({ id: made.body.series.id, count: 4, can_cancel_rest: true });
    expect(read.body.booking.series.bookings.map((b: { current: boolean; status: string }) => [b.current, b.status])).toEqual([
      [true, "confirmed"],
      [false, "confirmed"],
      [false, "confirmed"],
      [false, "confirmed"],
    ]);
    expect(read.body.booking.series.bookings.map((b: { starts_at: string }) => localTimeOf(b.starts_at, ws.timezone))).toEqual(Array(4).fill("Mon 10:00"));

    // The evening before the second date: the first has passed, the second is inside its 24-hour notice, the last two go.
    await setNow(
      DateTime.fromISO(wall(ws, "2027-10-10", "20:00"))
        .toUTC()
        .toISO()!,
    );
    const cancelled = await api.post(`/v1/public/bookings/${token}/cancel-series`, { headers: clientIpOf(ws), body: { reason: "Moving away" } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.booking.series.bookings.map((b: { status: string }) => b.status)).toEqual(["confirmed", "confirmed", "cancelled", "cancelled"]);
    expect(cancelled.body.booking.series.can_cancel_rest).toBe(false);
    const single = await book(ws, { service_id: service.id, starts_at: wall(ws, "2027-11-01", "10:00"), customer: newCustomer() });
    expectError(await api.post(`/v1/public/bookings/${single.body.access_token}/cancel-series`, { headers: clientIpOf(ws), body: {} }), 409, "conflict");
    expectError(await api.post(`/v1/public/bookings/not-a-token/cancel-series`, { headers: clientIpOf(ws), body: {} }), 404, "not_found");
  });
});

describe("series racing single bookings", () => {
  it("200 single bookings against 20 series on the same times leave no half series", async () => {
    await setNow(NOW);
    const ws = await newWorkspace({ timezone: "America/New_York" });
    const service = await seriesService(ws, { durationMinutes: 60 });
    const hours = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"];
    const weeks = ["2027-10-20", "2027-10-27", "2027-11-03", "2027-11-10"];
    const times = weeks.flatMap((date) => hours.map((hour) => wall(ws, date, hour)));
    const seriesRequests = Array.from({ length: 20 }, (_, i) =>
      book(ws, { service_id: service.id, starts_at: wall(ws, weeks[0]!, hours[i % hours.length]!), repeat: { every: "week", count: 4 } }),
    );
    const singles = Array.from({ length: 200 }, (_, i) => book(ws, { service_id: service.id, starts_at: times[(i * 7) % times.length] }));
    const [seriesAnswers, singleAnswers] = await Promise.all([Promise.all(seriesRequests), Promise.all(singles)]);
    for (const answer of [...seriesAnswers, ...singleAnswers]) expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
    for (const refused of seriesAnswers.filter((answer) => answer.status === 409)) {
      expect(refused.body.error.type).toBe("slot_unavailable");
      expect(refused.body.error.unavailable.length).toBeGreaterThan(0);
    }
    const live = (await bookingsOf(ws)).filter((row) => row.status === "confirmed");
    const bySeries = new Map<string, number>();
    for (const row of live) if (row.seriesId) bySeries.set(row.seriesId, (bySeries.get(row.seriesId) ?? 0) + 1);
    const madeSeries = seriesAnswers.filter((answer) => answer.status === 201).map((answer) => answer.body.series.id);
    expect([...bySeries.keys()].sort()).toEqual([...madeSeries].sort());
    for (const count of bySeries.values()) expect(count).toBe(4);
    // Every time booked at most once, and the singles' 201s are exactly the single rows.
    expect(new Set(live.map((row) => row.startsAt.getTime())).size).toBe(live.length);
    expect(live.filter((row) => !row.seriesId)).toHaveLength(singleAnswers.filter((answer) => answer.status === 201).length);
  });
});
