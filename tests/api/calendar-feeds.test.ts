import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { calendarFeeds } from "@/lib/db/schema";
import { sha256Hex } from "@/lib/secrets/tokens";
import { api, call } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { book, setNow } from "../helpers/bookings";
import { addCalendar, addService } from "../helpers/factories";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { parseCalendar } from "../helpers/ical";
import { currentDb } from "../helpers/test-db";

/** docs/decisions.md#calendar-feeds: a calendar's secret iCalendar feed. */
async function makeFeed(ws: TestWorkspace, staffId = ws.staffId): Promise<string> {
  const response = await api.put(`/v1/staff/${staffId}/calendar-feed`, { key: ws.sk });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(Object.keys(response.body)).toEqual(["url"]);
  expect(response.body.url).toMatch(/^http:\/\/localhost:3000\/feeds\/[0-9A-Za-z]{43}\.ics$/);
  return response.body.url as string;
}

async function readFeed(url: string) {
  const response = await call("GET", new URL(url).pathname, {});
  return response;
}

async function bookAt(ws: TestWorkspace, serviceId: string, startsAt: string, customer: { name: string; email: string; phone?: string }, staffId?: string) {
  const created = await book(ws, { service_id: serviceId, starts_at: startsAt, customer, ...(staffId ? { staff_id: staffId } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

describe("calendar feeds", () => {
  it("serves the calendar's confirmed bookings from 30 days ago onwards; moves move them, cancels remove them; no email or phone", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    await api.patch("/v1/workspace", { key: ws.sk, body: { address: "12 Rue de la Paix, Paris" } });
    const other = (await addCalendar(ws, { name: "Sam" })).id;
    const service = await addService(ws, { name: "Colour", durationMinutes: 60 }, [ws.staffId, other]);
    await setNow("2031-03-01T08:00:00Z");
    const old = await bookAt(ws, service.id, "2031-03-02T10:00:00+01:00", { name: "Old Timer", email: "old@example.com" }, ws.staffId);
    const kept = await bookAt(
      ws,
      service.id,
      "2031-03-20T10:00:00+01:00",
      { name: "Ada Lovelace", email: "ada@example.com", phone: "+33600000001" },
      ws.staffId,
    );
    const moved = await bookAt(ws, service.id, "2031-03-21T10:00:00+01:00", { name: "Grace Hopper", email: "grace@example.com" }, ws.staffId);
    const cancelled = await bookAt(ws, service.id, "2031-03-22T10:00:00+01:00", { name: "Cancelled Carl", email: "carl@example.com" }, ws.staffId);
    const elsewhere = await bookAt(ws, service.id, "2031-03-20T10:00:00+01:00", { name: "Sam's Client", email: "sams@example.com" }, other);
    // A hold awaiting its code is not in the feed.
    await api.patch("/v1/workspace", { key: ws.sk, body: { require_verification: true } });
    const held = await book(
      ws,
      { service_id: service.id, starts_at: "2031-03-23T10:00:00+01:00", staff_id: ws.staffId, customer: { name: "Held", email: "held@example.com" } },
      { key: ws.pk },
    );
    expect(held.status).toBe(201);
    expect(held.body.status).toBe("pending");
    const url = await makeFeed(ws);

    expect((await api.post(`/v1/bookings/${moved}/reschedule`, { key: ws.sk, body: { starts_at: "2031-03-21T15:00:00+01:00" } })).status).toBe(200);
    expect((await api.post(`/v1/bookings/${cancelled}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    // Now is more than 30 days after the old booking.
    await setNow("2031-04-02T12:00:00Z");

    const response = await readFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = response.body as string;
    expect(text).not.toMatch(/@example\.com|\+3360/);
    const calendar = parseCalendar(text);
    expect(calendar.method).toBeNull();
    expect(calendar.name).toMatch(/^Alex – Studio \d+$/);
    expect(calendar.events.map((event) => event.uid)).toEqual([kept, moved]);
    const [first, second] = calendar.events;
    expect(first).toMatchObject({
      summary: "Colour – Ada Lovelace",
      sequence: 0,
      location: "12 Rue de la Paix, Paris",
      status: "CONFIRMED",
      organizer: null,
      attendees: [],
    });
    expect(first!.start.toISOString()).toBe("2031-03-20T09:00:00.000Z");
    expect(first!.end.toISOString()).toBe("2031-03-20T10:00:00.000Z");
    expect(second).toMatchObject({ summary: "Colour – Grace Hopper", sequence: 1 });
    expect(second!.start.toISOString()).toBe("2031-03-21T14:00:00.000Z");
    expect(calendar.events.map((event) => event.uid)).not.toContain(old);
    expect(calendar.events.map((event) => event.uid)).not.toContain(cancelled);
    expect(calendar.events.map((event) => event.uid)).not.toContain(elsewhere);
    expect(calendar.events.map((event) => event.uid)).not.toContain(held.body.id);
  });

  it("keeps only the token's hash; PUT again replaces the URL (the old one is 404); DELETE turns the feed off", async () => {
    const ws = await newWorkspace();
    const first = await makeFeed(ws);
    const token = new URL(first).pathname.match(/\/feeds\/(\w+)\.ics$/)![1]!;
    const [row] = await currentDb().db.select().from(calendarFeeds).where(eq(calendarFeeds.staffId, ws.staffId));
    expect(row!.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const second = await makeFeed(ws);
    expect(second).not.toBe(first);
    expect((await readFeed(first)).status).toBe(404);
    expect((await readFeed(second)).status).toBe(200);

    const deleted = await api.delete(`/v1/staff/${ws.staffId}/calendar-feed`, { key: ws.sk });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: ws.staffId, deleted: true });
    expect((await readFeed(second)).status).toBe(404);
    // Turning off a feed that is off answers the same.
    expect((await api.delete(`/v1/staff/${ws.staffId}/calendar-feed`, { key: ws.sk })).body).toEqual({ id: ws.staffId, deleted: true });
  });

  it("answers 404 for an unknown or malformed token, without saying which", async () => {
    for (const path of [
      "/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics",
      "/feeds/short.ics",
      "/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      "/feeds/%2e%2e.ics",
    ]) {
      const response = await call("GET", path, {});
      expect(response.status, path).toBe(404);
      expect(response.body).toBe("Not found.\n");
    }
  });

  it("a calendar of another workspace, or none, is 404; an unknown id too", async () => {
    const ws = await newWorkspace();
    const stranger = await newWorkspace();
    expectError(await api.put(`/v1/staff/${stranger.staffId}/calendar-feed`, { key: ws.sk }), 404, "not_found");
    expectError(await api.delete(`/v1/staff/${stranger.staffId}/calendar-feed`, { key: ws.sk }), 404, "not_found");
    expectError(await api.put(`/v1/staff/00000000-0000-4000-8000-000000000000/calendar-feed`, { key: ws.sk }), 404, "not_found");
    expectError(await api.put(`/v1/staff/not-a-uuid/calendar-feed`, { key: ws.sk }), 404, "not_found");
  });

  itEnforcesAuth("calendar feed", async () => {
    const ws = await newWorkspace();
    return [
      { method: "PUT", path: `/v1/staff/${ws.staffId}/calendar-feed`, owner: ws },
      { method: "DELETE", path: `/v1/staff/${ws.staffId}/calendar-feed`, owner: ws },
    ];
  });
});
