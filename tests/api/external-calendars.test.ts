import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readAvailabilityRevision } from "@/lib/availability/revision";
import { externalBusyTimes, externalCalendars, workspaces } from "@/lib/db/schema";
import { listBusy } from "@/lib/external-calendars/list-busy";
import { fixedClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { setNow } from "../helpers/bookings";
import { seedBooking } from "../helpers/factories";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { calendarOf, fixture, startIcsServer } from "../helpers/ics-server";
import { currentDb } from "../helpers/test-db";

/**
 * Connecting a calendar to its person's other calendars over real HTTP: a local server
 * publishes provider-like exports; the app reads them at create, on demand and on a schedule.
 * The app clock stands at Monday 8 March 2027, 12:00 UTC, so the fixtures' dates are known.
 */
const NOW = "2027-03-08T12:00:00Z";
const SECRET_PATH = "/calendar/ical/alex.morgan%40example.com/private-5f1e0c2ab7d94e3c8a6b1f0e9d8c7b6a/basic.ics";

const connect = (ws: TestWorkspace, body: unknown, staffId = ws.staffId) => api.post(`/v1/staff/${staffId}/external-calendars`, { key: ws.sk, body });
const list = async (ws: TestWorkspace, staffId = ws.staffId) => (await api.get(`/v1/staff/${staffId}/external-calendars`, { key: ws.sk })).body.data;
const busyRows = (id: string) => currentDb().db.select().from(externalBusyTimes).where(eq(externalBusyTimes.externalCalendarId, id));

async function googleSource(timezone = "America/New_York") {
  await setNow(NOW);
  const ws = await newWorkspace({ timezone });
  const server = await startIcsServer();
  server.publish(SECRET_PATH, { body: fixture("google") });
  return { ws, server, url: server.url(SECRET_PATH) };
}

describe("POST /v1/staff/{id}/external-calendars", () => {
  it("reads the address before answering: 201 with status ok and the busy intervals counted; the address is never answered", async () => {
    const { ws, url } = await googleSource();
    const response = await connect(ws, { kind: "ics", url, name: "Alex's Google calendar" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      staff_id: ws.staffId,
      kind: "ics",
      display_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/….ics$/),
      name: "Alex's Google calendar",
      status: "ok",
      last_synced_at: expect.stringMatching(/^2027-03-08T12:00/),
      last_success_at: expect.stringMatching(/^2027-03-08T12:00/),
      last_error: null,
      busy_count: 6,
      write_back: false,
      created_at: expect.stringMatching(/^2027-03-08T12:00/),
    });
    const listed = await api.get(`/v1/staff/${ws.staffId}/external-calendars`, { key: ws.sk });
    expect(listed.body.data).toEqual([response.body]);
    for (const body of [response.body, listed.body]) expect(JSON.stringify(body)).not.toContain("private-5f1e0c2a");
    // Stored sealed: the address is in no column in clear.
    const [row] = await currentDb().db.select().from(externalCalendars).where(eq(externalCalendars.id, response.body.id));
    expect(JSON.stringify(row)).not.toContain("private-5f1e0c2a");
    // Only start, end and a hash of the UID: no title, place or attendee.
    const rows = await busyRows(response.body.id);
    expect(rows).toHaveLength(6);
    expect(JSON.stringify(rows)).not.toMatch(/Dentist|Patel|google\.com|alex\.morgan/);
  });

  it("reads webcal:// as https:// (and so refuses it here, where nothing listens on 443 with that name)", async () => {
    const { ws } = await googleSource();
    const response = await connect(ws, { kind: "ics", url: "webcal://127.0.0.1:9/basic.ics" });
    expectError(response, 422, "validation_failed", "url");
    expect(await list(ws)).toEqual([]);
  });

  it("says why a webcal:// address of a plain-http server fails (it is read as https://), instead of 'could not be reached'", async () => {
    const { ws, url } = await googleSource();
    const response = await connect(ws, { kind: "ics", url: url.replace(/^http:/, "webcal:") });
    expectError(response, 422, "validation_failed", "url");
    expect(response.body.error.message).toMatch(/did not answer over https \(webcal:\/\/ addresses are read as https:\/\/\)/);
    expect(response.body.error.message).not.toMatch(/could not be reached/);
  });

  it.each([
    ["a 404", { status: 404, body: "<html>Not found</html>" }, /The server answered 404/],
    ["a 401", { status: 401 }, /The server answered 401 \(the address may have been reset/],
    ["an HTML page", { body: "<!DOCTYPE html><html><head><title>Sign in</title></head></html>", contentType: "text/html" }, /not an iCalendar document/],
    [
      "a VEVENT with no DTSTART",
      { body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n" },
      /no DTSTART/,
    ],
    [
      "a broken RRULE",
      {
        body: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270310T100000Z\r\nRRULE:FREQ=FORTNIGHTLY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
      },
      /recurrence rule/,
    ],
    ["a document over 10 MB", { body: `BEGIN:VCALENDAR\r\nX-PAD:${"x".repeat(11 * 1024 * 1024)}\r\nEND:VCALENDAR\r\n` }, /larger than 10 MB/],
    [
      "60,000 events",
      {
        body: calendarOf(Array.from({ length: 60_000 }, (_, i) => ({ uid: `e${i}`, start: "2027-03-10T10:00:00Z", end: "2027-03-10T11:00:00Z" }))),
      },
      /more than 50,000 events/,
    ],
  ])("refuses %s with 422 param url naming the cause, and stores nothing", async (_label, published, message) => {
    const { ws, server } = await googleSource();
    server.publish("/feed.ics", published as never);
    const response = await connect(ws, { kind: "ics", url: server.url("/feed.ics") });
    expectError(response, 422, "validation_failed", "url");
    expect(response.body.error.message).toMatch(message);
    expect(response.body.error.message).not.toContain("127.0.0.1");
    expect(await list(ws)).toEqual([]);
  });

  it("follows up to 3 redirects and refuses a 4th", async () => {
    const { ws, server } = await googleSource();
    server.publish("/r1", { status: 302, location: "/r2" });
    server.publish("/r2", { status: 301, location: "/r3" });
    server.publish("/r3", { status: 307, location: SECRET_PATH });
    expect((await connect(ws, { kind: "ics", url: server.url("/r1") })).status).toBe(201);
    server.publish("/r0", { status: 302, location: "/r1" });
    const refused = await connect(ws, { kind: "ics", url: server.url("/r0") });
    expectError(refused, 422, "validation_failed", "url");
    expect(refused.body.error.message).toBe("The address redirected more than 3 times.");
  });

  it("with dev tools off, applies the webhook URL rule: http and private addresses are refused before any request", async () => {
    const { ws, server } = await googleSource();
    const { setConfigForTesting, parseConfig } = await import("@/lib/config");
    setConfigForTesting(parseConfig({ ...process.env, DEV_TOOLS: "0" }));
    for (const url of [
      server.url(SECRET_PATH),
      "https://127.0.0.1/cal.ics",
      "https://[::1]/cal.ics",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/x.ics",
    ]) {
      expectError(await connect(ws, { kind: "ics", url }), 422, "validation_failed", "url");
    }
    expect(server.requests).toEqual([]);
  });

  it("cuts a server that never answers off at 15 seconds (422 param url)", async () => {
    const { ws, server } = await googleSource();
    server.publish("/slow.ics", { hang: true });
    const started = performance.now();
    const response = await connect(ws, { kind: "ics", url: server.url("/slow.ics") });
    expectError(response, 422, "validation_failed", "url");
    expect(response.body.error.message).toBe("The server did not answer within 15 seconds.");
    expect(performance.now() - started).toBeGreaterThanOrEqual(14_900);
    expect(await list(ws)).toEqual([]);
  });

  it("takes at most 10 per calendar (422 param url)", async () => {
    const { ws, url } = await googleSource();
    for (let i = 0; i < 10; i++) expect((await connect(ws, { kind: "ics", url })).status).toBe(201);
    const refused = await connect(ws, { kind: "ics", url });
    expectError(refused, 422, "validation_failed", "url");
    expect(await list(ws)).toHaveLength(10);
  });

  it("ignores events whose UID is one of this workspace's bookings (its own feed or write-back read back)", async () => {
    const { ws, server } = await googleSource();
    const { booking } = await seedBooking(ws, { startsAt: new Date("2027-03-15T15:00:00Z"), status: "confirmed" });
    server.publish("/mixed.ics", {
      body: calendarOf([
        { uid: booking.id, start: "2027-03-15T15:00:00Z", end: "2027-03-15T16:00:00Z" },
        { uid: "someone-else@example.com", start: "2027-03-16T15:00:00Z", end: "2027-03-16T16:00:00Z" },
      ]),
    });
    const response = await connect(ws, { kind: "ics", url: server.url("/mixed.ics") });
    expect(response.body.busy_count).toBe(1);
  });

  it("answers 404 for another workspace's calendar and 422 for a body without kind", async () => {
    const { ws, url } = await googleSource();
    const other = await newWorkspace();
    expectError(await connect(ws, { kind: "ics", url }, other.staffId), 404, "not_found");
    expectError(await connect(ws, { url }), 422, "validation_failed", "kind");
  });
});

describe("PATCH, DELETE and POST …/sync", () => {
  it("a sync asks conditionally (If-None-Match): an unchanged document writes nothing and moves no availability revision; a changed one replaces the busy times and moves it", async () => {
    const { ws, server, url } = await googleSource();
    const created = (await connect(ws, { kind: "ics", url })).body;
    const revision = await readAvailabilityRevision(currentDb().db, ws.id);
    const idsBefore = (await busyRows(created.id)).map((row) => row.id).sort();

    await setNow("2027-03-08T12:10:00Z");
    const unchanged = await api.post(`/v1/staff/${ws.staffId}/external-calendars/${created.id}/sync`, { key: ws.sk });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ status: "ok", busy_count: 6, last_synced_at: expect.stringMatching(/^2027-03-08T12:10/) });
    expect(server.requests.at(-1)!.headers["if-none-match"]).toMatch(/^"/);
    expect(await readAvailabilityRevision(currentDb().db, ws.id)).toEqual(revision);
    expect((await busyRows(created.id)).map((row) => row.id).sort()).toEqual(idsBefore);

    server.publish(SECRET_PATH, { body: calendarOf([{ uid: "only@google.com", start: "2027-03-09T15:00:00Z", end: "2027-03-09T16:00:00Z" }]) });
    const changed = await api.post(`/v1/staff/${ws.staffId}/external-calendars/${created.id}/sync`, { key: ws.sk });
    expect(changed.body).toMatchObject({ status: "ok", busy_count: 1 });
    expect(await readAvailabilityRevision(currentDb().db, ws.id)).not.toEqual(revision);
  });

  it("a failing sync keeps the last good busy times, shows status failing and a readable last_error; the next good one clears it", async () => {
    const { ws, server, url } = await googleSource();
    const created = (await connect(ws, { kind: "ics", url })).body;
    server.publish(SECRET_PATH, { status: 503 });
    const failing = await api.post(`/v1/staff/${ws.staffId}/external-calendars/${created.id}/sync`, { key: ws.sk });
    expect(failing.body).toMatchObject({ status: "failing", last_error: "The server answered 503.", busy_count: 6, last_success_at: created.last_success_at });
    expect(await busyRows(created.id)).toHaveLength(6);
    server.publish(SECRET_PATH, { body: "<html>oops</html>", contentType: "text/html" } as never);
    const notIcs = await api.post(`/v1/staff/${ws.staffId}/external-calendars/${created.id}/sync`, { key: ws.sk });
    expect(notIcs.body.last_error).toMatch(/not an iCalendar document/);
    expect(await busyRows(created.id)).toHaveLength(6);
    server.publish(SECRET_PATH, { body: fixture("google") });
    const good = await api.post(`/v1/staff/${ws.staffId}/external-calendars/${created.id}/sync`, { key: ws.sk });
    expect(good.body).toMatchObject({ status: "ok", last_error: null, busy_count: 6 });
  });

  it("PATCH renames, turns off (disabled, busy times still held) and on (synced at once)", async () => {
    const { ws, server, url } = await googleSource();
    const created = (await connect(ws, { kind: "ics", url })).body;
    const path = `/v1/staff/${ws.staffId}/external-calendars/${created.id}`;
    expect((await api.patch(path, { key: ws.sk, body: { name: "Personal" } })).body).toMatchObject({ name: "Personal", status: "ok" });
    expect((await api.patch(path, { key: ws.sk, body: { active: false } })).body).toMatchObject({ status: "disabled", busy_count: 6 });
    server.publish(SECRET_PATH, { body: calendarOf([]) });
    const requestsBefore = server.requests.length;
    const on = await api.patch(path, { key: ws.sk, body: { active: true } });
    expect(on.body).toMatchObject({ status: "ok", busy_count: 0 });
    expect(server.requests.length).toBe(requestsBefore + 1);
    expectError(await api.patch(path, { key: ws.sk, body: { active: "yes" } }), 422, "validation_failed", "active");
  });

  it("DELETE answers {id, deleted: true}; its busy times stop counting at once", async () => {
    const { ws, url } = await googleSource();
    const created = (await connect(ws, { kind: "ics", url })).body;
    const path = `/v1/staff/${ws.staffId}/external-calendars/${created.id}`;
    const revision = await readAvailabilityRevision(currentDb().db, ws.id);
    expect((await api.delete(path, { key: ws.sk })).body).toEqual({ id: created.id, deleted: true });
    expect(await busyRows(created.id)).toEqual([]);
    expect(await readAvailabilityRevision(currentDb().db, ws.id)).not.toEqual(revision);
    expectError(await api.delete(path, { key: ws.sk }), 404, "not_found");
    expect(await list(ws)).toEqual([]);
  });
});

/** A workspace whose first calendar works `hours` every day and offers one service of `minutes`. */
async function bookable(ws: TestWorkspace, minutes: number, hours: [number, number]) {
  const service = await api.post("/v1/services", { key: ws.sk, body: { name: "Cut", duration_minutes: minutes, payment_mode: "none" } });
  const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: hours[0] * 60, end_minute: hours[1] * 60 }));
  await api.put(`/v1/staff/${ws.staffId}/working-hours`, { key: ws.sk, body: { working_hours: week } });
  await api.put(`/v1/services/${service.body.id}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } });
  return service.body.id as string;
}

/** The local start times (HH:MM) offered on one local day. */
async function startsOn(ws: TestWorkspace, serviceId: string, day: string, offset: string): Promise<string[]> {
  const response = await api.get("/v1/availability", {
    key: ws.sk,
    query: { service_id: serviceId, from: `${day}T00:00:00${offset}`, to: `${day}T23:59:00${offset}` },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.flatMap((calendar: { slots: { start: string }[] }) => calendar.slots.map((slot) => slot.start.slice(11, 16)));
}

const ALL_MORNING = ["07:00", "07:30", "08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00"];

describe("busy times block starts as time off does", () => {
  it("New York (Google): a weekly 08:00 event blocks 08:00 local before and after the change to daylight time; the dentist at 15:00 UTC blocks 10:00 EST", async () => {
    const { ws, url } = await googleSource("America/New_York");
    const serviceId = await bookable(ws, 60, [7, 12]);
    expect(await startsOn(ws, serviceId, "2027-03-09", "-05:00")).toEqual(ALL_MORNING);
    expect((await connect(ws, { kind: "ics", url })).status).toBe(201);
    expect(await startsOn(ws, serviceId, "2027-03-09", "-05:00")).toEqual(["07:00", "09:00", "11:00"]);
    expect(await startsOn(ws, serviceId, "2027-03-16", "-04:00")).toEqual(["07:00", "09:00", "09:30", "10:00", "10:30", "11:00"]);
    // 23 March is an EXDATE; 30 March moved to 10:00; 6 April cancelled; 11 March all day.
    expect(await startsOn(ws, serviceId, "2027-03-23", "-04:00")).toEqual(ALL_MORNING);
    expect(await startsOn(ws, serviceId, "2027-03-30", "-04:00")).toEqual(["07:00", "07:30", "08:00", "08:30", "09:00", "11:00"]);
    expect(await startsOn(ws, serviceId, "2027-04-06", "-04:00")).toEqual(ALL_MORNING);
    expect(await startsOn(ws, serviceId, "2027-03-11", "-05:00")).toEqual([]);
  });

  it("London (Outlook, Windows zone names): a daily 09:00 stand-up blocks 09:00 local on both sides of the change to BST", async () => {
    await setNow(NOW);
    const ws = await newWorkspace({ timezone: "Europe/London" });
    const server = await startIcsServer();
    server.publish("/owa/calendar/published/calendar.ics", { body: fixture("outlook") });
    const serviceId = await bookable(ws, 30, [8, 10]);
    expect((await connect(ws, { kind: "ics", url: server.url("/owa/calendar/published/calendar.ics") })).status).toBe(201);
    expect(await startsOn(ws, serviceId, "2027-03-27", "Z")).toEqual(["08:00", "08:30", "09:30"]);
    expect(await startsOn(ws, serviceId, "2027-03-29", "+01:00")).toEqual(["08:00", "08:30", "09:30"]);
    expect(await startsOn(ws, serviceId, "2027-03-31", "+01:00")).toEqual(["08:00", "08:30", "09:00", "09:30"]);
  });

  it("Sydney (iCloud): a Monday 09:00 class blocks 09:00 local on both sides of the end of daylight time", async () => {
    await setNow(NOW);
    const ws = await newWorkspace({ timezone: "Australia/Sydney" });
    const server = await startIcsServer();
    server.publish("/published/2/MTIzNDU2Nzg5MDEyMzQ1Nj.ics", { body: fixture("icloud") });
    const serviceId = await bookable(ws, 60, [8, 11]);
    expect((await connect(ws, { kind: "ics", url: server.url("/published/2/MTIzNDU2Nzg5MDEyMzQ1Nj.ics") })).status).toBe(201);
    expect(await startsOn(ws, serviceId, "2027-03-29", "+11:00")).toEqual(["08:00", "10:00"]);
    expect(await startsOn(ws, serviceId, "2027-04-05", "+10:00")).toEqual(["08:00", "10:00"]);
    expect(await startsOn(ws, serviceId, "2027-04-07", "+10:00")).toEqual(["08:00", "10:00"]); // the RDATE
  });

  it("refuses a booking and a move onto a busy time with 409 slot_unavailable", async () => {
    const { ws, url } = await googleSource("America/New_York");
    const serviceId = await bookable(ws, 60, [7, 12]);
    const booked = await api.post("/v1/bookings", {
      key: ws.sk,
      body: { service_id: serviceId, starts_at: "2027-03-16T09:00:00-04:00", customer: { name: "Ada", email: "ada@example.com" } },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await connect(ws, { kind: "ics", url })).status).toBe(201);
    const customer = { name: "Bo", email: "bo@example.com" };
    expectError(
      await api.post("/v1/bookings", { key: ws.sk, body: { service_id: serviceId, starts_at: "2027-03-16T08:00:00-04:00", customer } }),
      409,
      "slot_unavailable",
    );
    expectError(
      await api.post(`/v1/bookings/${booked.body.id}/reschedule`, { key: ws.sk, body: { starts_at: "2027-03-09T08:00:00-05:00" } }),
      409,
      "slot_unavailable",
    );
    expect((await api.post(`/v1/bookings/${booked.body.id}/reschedule`, { key: ws.sk, body: { starts_at: "2027-03-09T09:00:00-05:00" } })).status).toBe(200);
  });
});

/** A booking at 09:00 on 9 March 2027 (New York) and time off from `offFrom` to `offUntil` that day (HH:MM); answers both ids. */
async function bookingAndTimeOff(ws: TestWorkspace, serviceId: string, offFrom: string, offUntil: string) {
  const booked = await api.post("/v1/bookings", {
    key: ws.sk,
    body: { service_id: serviceId, starts_at: "2027-03-09T09:00:00-05:00", customer: { name: "Ada", email: "ada@example.com" } },
  });
  const off = await api.post(`/v1/staff/${ws.staffId}/time-off`, {
    key: ws.sk,
    body: { starts_at: `2027-03-09T${offFrom}:00-05:00`, ends_at: `2027-03-09T${offUntil}:00-05:00` },
  });
  return { bookingId: booked.body.id as string, timeOffId: off.body.id as string };
}

describe("GET /v1/staff/{id}/busy", () => {
  it("lists busy intervals, merged where they overlap or touch, with their sources: booking, time off and which external calendar", async () => {
    const { ws, url } = await googleSource("America/New_York");
    const serviceId = await bookable(ws, 60, [7, 12]);
    const source = (await connect(ws, { kind: "ics", url })).body;
    const { bookingId, timeOffId } = await bookingAndTimeOff(ws, serviceId, "11:30", "12:00");
    const response = await api.get(`/v1/staff/${ws.staffId}/busy`, {
      key: ws.sk,
      query: { from: "2027-03-09T00:00:00-05:00", to: "2027-03-10T00:00:00-05:00" },
    });
    expect(response.status).toBe(200);
    const external = { type: "external_calendar", id: source.id };
    expect(response.body).toEqual({
      staff_id: ws.staffId,
      data: [
        { starts_at: "2027-03-09T08:00:00-05:00", ends_at: "2027-03-09T11:00:00-05:00", sources: [external, { type: "booking", id: bookingId }] },
        { starts_at: "2027-03-09T11:30:00-05:00", ends_at: "2027-03-09T12:00:00-05:00", sources: [{ type: "time_off", id: timeOffId }] },
      ],
    });
  });

  it("without its bookings (the console's list beside them): a time off that starts where a booking ends keeps its own start", async () => {
    await setNow(NOW);
    const ws = await newWorkspace({ timezone: "America/New_York" });
    const serviceId = await bookable(ws, 60, [7, 12]);
    const { bookingId, timeOffId } = await bookingAndTimeOff(ws, serviceId, "10:00", "11:00");
    const query = { from: "2027-03-09T00:00:00-05:00", to: "2027-03-10T00:00:00-05:00" };
    // The API merges the two, as they touch.
    expect((await api.get(`/v1/staff/${ws.staffId}/busy`, { key: ws.sk, query })).body.data).toEqual([
      {
        starts_at: "2027-03-09T09:00:00-05:00",
        ends_at: "2027-03-09T11:00:00-05:00",
        sources: [
          { type: "booking", id: bookingId },
          { type: "time_off", id: timeOffId },
        ],
      },
    ]);
    const [workspace] = await currentDb().db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    const ctx = { db: currentDb().db, workspace: workspace!, clock: fixedClock(new Date(NOW)) };
    expect((await listBusy({ ctx, staffId: ws.staffId, query, withoutBookings: true })).data).toEqual([
      { starts_at: "2027-03-09T10:00:00-05:00", ends_at: "2027-03-09T11:00:00-05:00", sources: [{ type: "time_off", id: timeOffId }] },
    ]);
  });

  it("refuses a range over 62 days or backwards with 422 param to", async () => {
    const { ws } = await googleSource();
    const get = (from: string, to: string) => api.get(`/v1/staff/${ws.staffId}/busy`, { key: ws.sk, query: { from, to } });
    expectError(await get("2027-03-01T00:00:00Z", "2027-05-03T00:00:00Z"), 422, "validation_failed", "to");
    expectError(await get("2027-03-02T00:00:00Z", "2027-03-01T00:00:00Z"), 422, "validation_failed", "to");
    expectError(await get("yesterday", "2027-03-01T00:00:00Z"), 422, "validation_failed", "from");
    expect((await get("2027-03-01T00:00:00Z", "2027-05-02T00:00:00Z")).status).toBe(200);
    // Without a range: the next 7 days from now.
    const defaults = await api.get(`/v1/staff/${ws.staffId}/busy`, { key: ws.sk });
    expect(defaults.status).toBe(200);
  });
});
