import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readAvailabilityRevision } from "@/lib/availability/revision";
import { externalBusyTimes, externalCalendars } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { setNow } from "../helpers/bookings";
import { addService, seedBooking } from "../helpers/factories";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { calendarOf, fixture, startIcsServer } from "../helpers/ics-server";
import { currentDb } from "../helpers/setup-file";

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
