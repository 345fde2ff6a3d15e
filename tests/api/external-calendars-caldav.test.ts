import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBackBookings } from "@/lib/external-calendars/write-back";
import { loadClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { setNow } from "../helpers/bookings";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { parseCalendar } from "../helpers/ical";
import { calendarOf } from "../helpers/ics-server";
import { RADICALE_INSTALLED, startRadicale, type Radicale } from "../helpers/radicale";
import { currentDb } from "../helpers/test-db";

/**
 * CalDAV against a real Radicale (Debian's package, started by the test on a port and folder
 * of its own with plain htpasswd logins): busy times read from a collection, a refused login,
 * and write-back of bookings read back from the collection.
 */
const NOW = "2027-03-08T12:00:00Z";
let radicale: Radicale;
let collections = 0;

beforeAll(async () => {
  if (RADICALE_INSTALLED) radicale = await startRadicale();
});
afterAll(async () => {
  await radicale?.stop();
});

async function workspaceWithCollection() {
  await setNow(NOW);
  const ws = await newWorkspace({ timezone: "Europe/London" });
  const collection = await radicale.makeCalendar(`cal-${++collections}`);
  return { ws, collection };
}

const connect = (ws: TestWorkspace, body: Record<string, unknown>) =>
  api.post(`/v1/staff/${ws.staffId}/external-calendars`, { key: ws.sk, body: { kind: "caldav", ...body } });

async function writeBack(): Promise<number> {
  const db = currentDb().db;
  return writeBackBookings({ db, clock: await loadClock(db) }, { limit: 50 });
}

describe.skipIf(!RADICALE_INSTALLED)("CalDAV (Radicale)", () => {
  it("reads busy times from a collection: a weekly series with an EXDATE and a single event", async () => {
    const { ws, collection } = await workspaceWithCollection();
    await radicale.put(
      collection,
      "series.ics",
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Fastmail/2020.5/EN",
        "BEGIN:VEVENT",
        "UID:series-1",
        "DTSTAMP:20270301T000000Z",
        "DTSTART;TZID=Europe/London:20270309T090000",
        "DTEND;TZID=Europe/London:20270309T100000",
        "RRULE:FREQ=WEEKLY;COUNT=4",
        "EXDATE;TZID=Europe/London:20270316T090000",
        "SUMMARY:Therapy",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
    await radicale.put(collection, "one.ics", calendarOf([{ uid: "one", start: "2027-03-10T15:00:00Z", end: "2027-03-10T16:00:00Z" }]));
    const response = await connect(ws, { url: collection, username: radicale.username, password: radicale.password, name: "Fastmail" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ kind: "caldav", status: "ok", busy_count: 4, write_back: false, name: "Fastmail" });
    expect(JSON.stringify(response.body)).not.toContain(radicale.password);
    const busy = await api.get(`/v1/staff/${ws.staffId}/busy`, { key: ws.sk, query: { from: "2027-03-29T00:00:00+01:00", to: "2027-03-31T00:00:00+01:00" } });
    // 30 March is after the change to BST: 09:00 local is still 09:00 local.
    expect(busy.body.data).toEqual([
      { starts_at: "2027-03-30T09:00:00+01:00", ends_at: "2027-03-30T10:00:00+01:00", sources: [{ type: "external_calendar", id: response.body.id }] },
    ]);
  });

  it("refuses a wrong password with 422 param password, and an address that is not a collection with 422 param url; nothing is stored", async () => {
    const { ws, collection } = await workspaceWithCollection();
    const wrong = await connect(ws, { url: collection, username: radicale.username, password: "not-the-app-password" });
    expectError(wrong, 422, "validation_failed", "password");
    expect(wrong.body.error.message).toBe("The CalDAV server refused the username or password.");
    const missing = await connect(ws, {
      url: `${radicale.origin}/${radicale.username}/nothing-here/`,
      username: radicale.username,
      password: radicale.password,
    });
    expectError(missing, 422, "validation_failed", "url");
    expect((await api.get(`/v1/staff/${ws.staffId}/external-calendars`, { key: ws.sk })).body.data).toEqual([]);
  });

  it("write-back: a confirmed booking appears in the collection (UID = booking id, no email or phone), moves with SEQUENCE + 1 and disappears when cancelled; it is never read back as busy", async () => {
    const { ws, collection } = await workspaceWithCollection();
    const service = await api.post("/v1/services", { key: ws.sk, body: { name: "Massage", duration_minutes: 60, payment_mode: "none" } });
    const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 540, end_minute: 1020 }));
    await api.put(`/v1/staff/${ws.staffId}/working-hours`, { key: ws.sk, body: { working_hours: week } });
    await api.put(`/v1/services/${service.body.id}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } });
    const source = await connect(ws, { url: collection, username: radicale.username, password: radicale.password, write_back: true });
    expect(source.body).toMatchObject({ write_back: true, busy_count: 0 });

    const booked = await api.post("/v1/bookings", {
      key: ws.sk,
      body: {
        service_id: service.body.id,
        starts_at: "2027-03-10T10:00:00Z",
        customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+447700900123" },
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(await writeBack()).toBe(1);
    let objects = await radicale.objects(collection);
    expect(objects).toHaveLength(1);
    const [event] = parseCalendar(objects[0]!.ics).events;
    expect(event).toMatchObject({ uid: booked.body.id, sequence: 0, summary: "Massage – Ada Lovelace" });
    expect(event!.start.toISOString()).toBe("2027-03-10T10:00:00.000Z");
    expect(objects[0]!.ics).not.toMatch(/ada@example\.com|\+447700900123/);
    expect(await writeBack()).toBe(0);

    // Our own event is not a busy time of this calendar.
    const synced = await api.post(`/v1/staff/${ws.staffId}/external-calendars/${source.body.id}/sync`, { key: ws.sk });
    expect(synced.body).toMatchObject({ status: "ok", busy_count: 0 });

    expect((await api.post(`/v1/bookings/${booked.body.id}/reschedule`, { key: ws.sk, body: { starts_at: "2027-03-11T14:00:00Z" } })).status).toBe(200);
    expect(await writeBack()).toBe(1);
    objects = await radicale.objects(collection);
    const [moved] = parseCalendar(objects[0]!.ics).events;
    expect(moved).toMatchObject({ uid: booked.body.id, sequence: 1 });
    expect(moved!.start.toISOString()).toBe("2027-03-11T14:00:00.000Z");

    expect((await api.post(`/v1/bookings/${booked.body.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    expect(await writeBack()).toBe(1);
    expect(await radicale.objects(collection)).toEqual([]);
  });
  it("write-back of a class: one event per session with its attendee count and names (no email), updated on each seat taken, cancelled or moved, removed with its last seat; never read back as busy", async () => {
    const { ws, collection } = await workspaceWithCollection();
    const service = await api.post("/v1/services", { key: ws.sk, body: { name: "Yoga", duration_minutes: 60, payment_mode: "none", capacity: 3 } });
    const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 540, end_minute: 1020 }));
    await api.put(`/v1/staff/${ws.staffId}/working-hours`, { key: ws.sk, body: { working_hours: week } });
    await api.put(`/v1/services/${service.body.id}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } });
    const source = await connect(ws, { url: collection, username: radicale.username, password: radicale.password, write_back: true });
    const seat = async (name: string, startsAt = "2027-03-10T10:00:00Z") => {
      const booked = await api.post("/v1/bookings", {
        key: ws.sk,
        body: { service_id: service.body.id, starts_at: startsAt, customer: { name, email: `${name.split(" ")[0]!.toLowerCase()}@example.com` } },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      return booked.body.id as string;
    };
    const events = async () =>
      (await radicale.objects(collection))
        .map((object) => ({ ics: object.ics, event: parseCalendar(object.ics).events[0]! }))
        .sort((a, b) => a.event.start.getTime() - b.event.start.getTime());

    const ada = await seat("Ada Lovelace");
    const grace = await seat("Grace Hopper");
    expect(await writeBack()).toBe(1);
    let written = await events();
    expect(written).toHaveLength(1);
    const sessionUid = written[0]!.event.uid;
    expect([ada, grace]).not.toContain(sessionUid);
    expect(written[0]!.event).toMatchObject({ summary: "Yoga – 2 attendees" });
    expect(written[0]!.event.description).toContain("Attendees: Ada Lovelace, Grace Hopper");
    expect(written[0]!.event.start.toISOString()).toBe("2027-03-10T10:00:00.000Z");
    expect(written[0]!.ics).not.toMatch(/@example\.com/);
    expect(await writeBack()).toBe(0);

    const alan = await seat("Alan Turing");
    expect(await writeBack()).toBe(1);
    written = await events();
    expect(written.map(({ event }) => [event.uid, event.summary])).toEqual([[sessionUid, "Yoga – 3 attendees"]]);

    // Our own session's event is not a busy time of this calendar.
    const synced = await api.post(`/v1/staff/${ws.staffId}/external-calendars/${source.body.id}/sync`, { key: ws.sk });
    expect(synced.body).toMatchObject({ status: "ok", busy_count: 0 });

    expect((await api.post(`/v1/bookings/${grace}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    expect(await writeBack()).toBe(1);
    written = await events();
    expect(written.map(({ event }) => [event.uid, event.summary])).toEqual([[sessionUid, "Yoga – 2 attendees"]]);
    expect(written[0]!.event.description).toContain("Attendees: Ada Lovelace, Alan Turing");

    // A move takes one attendee to the session at the new start: both events change.
    expect((await api.post(`/v1/bookings/${alan}/reschedule`, { key: ws.sk, body: { starts_at: "2027-03-11T14:00:00Z" } })).status).toBe(200);
    expect(await writeBack()).toBe(2);
    written = await events();
    expect(written.map(({ event }) => [event.start.toISOString(), event.summary])).toEqual([
      ["2027-03-10T10:00:00.000Z", "Yoga – 1 attendee"],
      ["2027-03-11T14:00:00.000Z", "Yoga – 1 attendee"],
    ]);
    expect(written[0]!.event.description).toContain("Attendees: Ada Lovelace");
    expect(written[1]!.event.description).toContain("Attendees: Alan Turing");

    for (const id of [ada, alan]) expect((await api.post(`/v1/bookings/${id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    expect(await writeBack()).toBe(2);
    expect(await radicale.objects(collection)).toEqual([]);
    expect(await writeBack()).toBe(0);
  });
});
