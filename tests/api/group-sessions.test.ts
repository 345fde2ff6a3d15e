import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { isSessionFull } from "@/lib/bookings/sessions";
import { isPgError, PG_EXCLUSION_VIOLATION } from "@/lib/db/errors";
import { bookings, bookingSessions } from "@/lib/db/schema";
import { api, call } from "../helpers/api";
import { parseCalendar } from "../helpers/ical";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { book, bookConfirmed, bookingsOf, deliveriesOf, localAt, newCustomer, setNow } from "../helpers/bookings";
import { addCalendar, addService, addWebhookEndpoint, updateWorkspace } from "../helpers/factories";
import { addPaidService, devPayment } from "../helpers/payments";
import { currentDb } from "../helpers/test-db";

/** Group sessions (docs/group-sessions.md): a service's capacity, seats per session, over HTTP. */
const HOLD_MS = 10 * 60_000;

type Slot = { start: string; end: string; seats_left?: number };

async function slotsOf(ws: TestWorkspace, serviceId: string, day: number): Promise<Map<string, Map<string, Slot>>> {
  const response = await api.get("/v1/availability", {
    key: ws.sk,
    query: { service_id: serviceId, from: localAt(ws, day, "00:00"), to: localAt(ws, day + 1, "00:00") },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return new Map(
    (response.body.data as { staff_id: string; slots: Slot[] }[]).map((calendar) => [
      calendar.staff_id,
      new Map(calendar.slots.map((slot) => [new Date(slot.start).toISOString(), slot])),
    ]),
  );
}

const at = (iso: string) => new Date(iso).toISOString();

async function seatsTaken(sessionId: string): Promise<number> {
  const [row] = await currentDb().db.select().from(bookingSessions).where(eq(bookingSessions.id, sessionId));
  return row?.seatsTaken ?? 0;
}

describe("service capacity", () => {
  const body = { name: "Yoga", duration_minutes: 60, payment_mode: "none" };

  it("is 1 when omitted, on create and on replace, and takes 1–500", async () => {
    const ws = await newWorkspace();
    const plain = await api.post("/v1/services", { key: ws.sk, body });
    expect(plain.status).toBe(201);
    expect(plain.body.capacity).toBe(1);
    const group = await api.post("/v1/services", { key: ws.sk, body: { ...body, capacity: 12 } });
    expect(group.body.capacity).toBe(12);
    expect((await api.get(`/v1/services/${group.body.id}`, { key: ws.sk })).body.capacity).toBe(12);
    const replaced = await api.put(`/v1/services/${group.body.id}`, { key: ws.sk, body });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.capacity).toBe(1);
    const most = await api.put(`/v1/services/${group.body.id}`, { key: ws.sk, body: { ...body, capacity: 500 } });
    expect(most.body.capacity).toBe(500);
  });

  it("refuses a capacity outside 1–500 or not a whole number with 422 naming capacity, changing nothing", async () => {
    const ws = await newWorkspace();
    const created = await api.post("/v1/services", { key: ws.sk, body: { ...body, capacity: 8 } });
    for (const capacity of [0, -1, 501, 2.5, "8", null, true]) {
      expectError(await api.post("/v1/services", { key: ws.sk, body: { ...body, capacity } }), 422, "validation_failed", "capacity");
      expectError(await api.put(`/v1/services/${created.body.id}`, { key: ws.sk, body: { ...body, capacity } }), 422, "validation_failed", "capacity");
    }
    expect((await api.get(`/v1/services/${created.body.id}`, { key: ws.sk })).body.capacity).toBe(8);
    expect((await api.get("/v1/services", { key: ws.sk })).body.data).toHaveLength(1);
  });
});

describe("seats in a session", () => {
  it("offers seats_left per slot, counts each seat, refuses the seat past the capacity, and never offers a full session", async () => {
    const ws = await newWorkspace();
    await addWebhookEndpoint(ws);
    const yoga = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity: 3 });
    const haircut = await addService(ws, { name: "Haircut", durationMinutes: 60 });
    const starts_at = localAt(ws, 2, "10:00");

    const before = await slotsOf(ws, yoga.id, 2);
    expect(before.get(ws.staffId)!.get(at(starts_at))!.seats_left).toBe(3);
    // A capacity-1 service's slots carry no seats_left.
    expect((await slotsOf(ws, haircut.id, 2)).get(ws.staffId)!.get(at(starts_at))).not.toHaveProperty("seats_left");

    const first = await bookConfirmed(ws, { service_id: yoga.id, starts_at });
    const second = await bookConfirmed(ws, { service_id: yoga.id, staff_id: ws.staffId, starts_at });
    const afterTwo = (await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!;
    expect(afterTwo.get(at(starts_at))!.seats_left).toBe(1);
    // The session holds its hour: no other start of the class that would overlap it.
    expect(afterTwo.has(at(localAt(ws, 2, "09:30")))).toBe(false);
    expect(afterTwo.has(at(localAt(ws, 2, "10:30")))).toBe(false);
    expect(afterTwo.get(at(localAt(ws, 2, "11:00")))!.seats_left).toBe(3);
    // Nothing else may overlap the session on its calendar: another service is refused there.
    expect((await slotsOf(ws, haircut.id, 2)).get(ws.staffId)!.has(at(starts_at))).toBe(false);
    expectError(await book(ws, { service_id: haircut.id, starts_at: localAt(ws, 2, "10:30") }), 409, "slot_unavailable");

    const third = await bookConfirmed(ws, { service_id: yoga.id, starts_at });
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    expectError(await book(ws, { service_id: yoga.id, starts_at }), 409, "slot_unavailable");
    expect((await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!.has(at(starts_at))).toBe(false);

    // Each attendee's booking has its own booking.created.
    const created = (await deliveriesOf(ws)).filter((delivery) => delivery.type === "booking.created").map((delivery) => delivery.bookingId);
    expect(created.sort()).toEqual([first.id, second.id, third.id].sort());
    const rows = (await bookingsOf(ws)).filter((row) => row.status === "confirmed");
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.sessionId)).size).toBe(1);
    expect(await seatsTaken(rows[0]!.sessionId!)).toBe(3);

    // A cancel frees its seat at once, in availability and for a create.
    expect((await api.post(`/v1/bookings/${second.id}/cancel`, { key: ws.sk })).status).toBe(200);
    expect((await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!.get(at(starts_at))!.seats_left).toBe(1);
    await bookConfirmed(ws, { service_id: yoga.id, starts_at });
    expect(await seatsTaken(rows[0]!.sessionId!)).toBe(3);
  });

  it("refuses a group session over a one-to-one booking, and offers a session again after its last attendee cancels", async () => {
    const ws = await newWorkspace();
    const yoga = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity: 5 });
    const haircut = await addService(ws, { name: "Haircut", durationMinutes: 30 });
    await bookConfirmed(ws, { service_id: haircut.id, starts_at: localAt(ws, 2, "10:30") });
    expect((await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!.has(at(localAt(ws, 2, "10:00")))).toBe(false);
    expectError(await book(ws, { service_id: yoga.id, starts_at: localAt(ws, 2, "10:00") }), 409, "slot_unavailable");

    const only = await bookConfirmed(ws, { service_id: yoga.id, starts_at: localAt(ws, 2, "14:00") });
    await api.post(`/v1/bookings/${only.id}/cancel`, { key: ws.sk });
    const after = (await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!;
    expect(after.get(at(localAt(ws, 2, "14:00")))!.seats_left).toBe(5);
    expect(after.get(at(localAt(ws, 2, "13:30")))!.seats_left).toBe(5);
    await bookConfirmed(ws, { service_id: haircut.id, starts_at: localAt(ws, 2, "14:00") });
  });

  it("without staff_id joins the open session with the fewest seats left, else opens one by the fair choice", async () => {
    const ws = await newWorkspace();
    const robin = await addCalendar(ws, { name: "Robin" });
    const tour = await addService(ws, { name: "Tour", durationMinutes: 90, capacity: 4 }, [ws.staffId, robin.id]);
    const starts_at = localAt(ws, 3, "11:00");
    // Robin's session is opened by name; the others join it rather than open a second one.
    await bookConfirmed(ws, { service_id: tour.id, staff_id: robin.id, starts_at });
    for (let i = 0; i < 3; i++) expect((await bookConfirmed(ws, { service_id: tour.id, starts_at })).staff_id).toBe(robin.id);
    // Robin's is full: the next opens a session on the other calendar.
    expect((await bookConfirmed(ws, { service_id: tour.id, starts_at })).staff_id).toBe(ws.staffId);
    const slots = await slotsOf(ws, tour.id, 3);
    expect(slots.get(robin.id)!.has(at(starts_at))).toBe(false);
    expect(slots.get(ws.staffId)!.get(at(starts_at))!.seats_left).toBe(3);
    expectError(await book(ws, { service_id: tour.id, staff_id: robin.id, starts_at }), 409, "slot_unavailable");
  });

  it("gives a lapsed hold's seat back", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const yoga = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity: 2 });
    const starts_at = localAt(ws, 2, "10:00");
    for (let i = 0; i < 2; i++) expect((await book(ws, { service_id: yoga.id, starts_at })).body.status).toBe("pending");
    expectError(await book(ws, { service_id: yoga.id, starts_at }), 409, "slot_unavailable");
    await setNow(new Date(Date.now() + HOLD_MS + 1_000));
    expect((await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!.get(at(starts_at))!.seats_left).toBe(2);
    const again = await book(ws, { service_id: yoga.id, starts_at, customer: newCustomer() });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const [row] = (await bookingsOf(ws)).filter((booking) => booking.id === again.body.id);
    expect(await seatsTaken(row!.sessionId!)).toBe(1);
  });

  it("moves one attendee on reschedule; a lowered capacity keeps every booking and offers no seat until there is room", async () => {
    const ws = await newWorkspace();
    const yoga = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity: 4 });
    const starts_at = localAt(ws, 2, "10:00");
    const attendees = [];
    for (let i = 0; i < 3; i++) attendees.push(await bookConfirmed(ws, { service_id: yoga.id, starts_at }));
    const moved = await api.post(`/v1/bookings/${attendees[0].id}/reschedule`, { key: ws.sk, body: { starts_at: localAt(ws, 2, "15:00") } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const slots = (await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!;
    expect(slots.get(at(starts_at))!.seats_left).toBe(2);
    expect(slots.get(at(localAt(ws, 2, "15:00")))!.seats_left).toBe(3);
    attendees.push(await bookConfirmed(ws, { service_id: yoga.id, starts_at }));

    const lowered = await api.put(`/v1/services/${yoga.id}`, { key: ws.sk, body: { name: "Yoga", duration_minutes: 60, payment_mode: "none", capacity: 2 } });
    expect(lowered.status).toBe(200);
    expect((await bookingsOf(ws)).filter((row) => row.status === "confirmed")).toHaveLength(4);
    expect((await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!.has(at(starts_at))).toBe(false);
    expectError(await book(ws, { service_id: yoga.id, starts_at }), 409, "slot_unavailable");
    await api.post(`/v1/bookings/${attendees[1].id}/cancel`, { key: ws.sk });
    expect((await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!.has(at(starts_at))).toBe(false);
    await api.post(`/v1/bookings/${attendees[2].id}/cancel`, { key: ws.sk });
    expect((await slotsOf(ws, yoga.id, 2)).get(ws.staffId)!.get(at(starts_at))!.seats_left).toBe(1);
    await bookConfirmed(ws, { service_id: yoga.id, starts_at });
  });

  it("40 concurrent creates on a session of 8: exactly 8 seats, the rest 409 slot_unavailable", async () => {
    const ws = await newWorkspace();
    const yoga = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity: 8 });
    const starts_at = localAt(ws, 4, "10:00");
    const responses = await Promise.all(Array.from({ length: 40 }, () => book(ws, { service_id: yoga.id, starts_at })));
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.filter((status) => status === 201),
      JSON.stringify(responses.find((r) => r.status >= 500)?.body),
    ).toHaveLength(8);
    for (const response of responses.filter((r) => r.status !== 201)) expectError(response, 409, "slot_unavailable");
    const live = (await bookingsOf(ws)).filter((row) => row.status === "confirmed");
    expect(live).toHaveLength(8);
    expect(await seatsTaken(live[0]!.sessionId!)).toBe(8);
  });

  it("the calendar feed shows one event per session with its attendee count, and a one-to-one booking as before", async () => {
    const ws = await newWorkspace();
    const yoga = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity: 10 });
    const haircut = await addService(ws, { name: "Haircut", durationMinutes: 30 });
    const starts_at = localAt(ws, 2, "10:00");
    for (const name of ["Ada", "Grace", "Edsger"]) await bookConfirmed(ws, { service_id: yoga.id, starts_at, customer: newCustomer({ name }) });
    const solo = await bookConfirmed(ws, { service_id: haircut.id, starts_at: localAt(ws, 2, "14:00"), customer: newCustomer({ name: "Alan" }) });
    const feed = await api.put(`/v1/staff/${ws.staffId}/calendar-feed`, { key: ws.sk });
    const response = await call("GET", new URL(feed.body.url).pathname, {});
    expect(response.status).toBe(200);
    const events = parseCalendar(response.body as string).events;
    expect(events.map((event) => [event.summary, event.start.toISOString()])).toEqual([
      ["Yoga – 3 attendees", at(starts_at)],
      ["Haircut – Alan", at(localAt(ws, 2, "14:00"))],
    ]);
    expect(events[0]!.description).toContain("Attendees: Ada, Edsger, Grace");
    expect(events[1]!.uid).toBe(solo.id);
  });

  it("the database itself, not the app's check, refuses the seat past the capacity and anything else over a session", async () => {
    const ws = await newWorkspace();
    const yoga = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity: 2 });
    const starts_at = localAt(ws, 2, "10:00");
    for (let i = 0; i < 2; i++) await bookConfirmed(ws, { service_id: yoga.id, starts_at });
    const [seat] = await bookingsOf(ws);
    const db = currentDb().db;
    const copy = { ...seat!, id: randomUUID(), accessTokenHash: null, retiredTokenHash: null };
    const refusal = (values: typeof copy) =>
      db
        .insert(bookings)
        .values(values)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    // A third seat written straight to the table: the seat count's CHECK refuses it.
    expect(isSessionFull(await refusal(copy))).toBe(true);
    // The same range without the session, or as another session half an hour later: the exclusion constraint refuses it.
    expect(isPgError(await refusal({ ...copy, sessionId: null }), PG_EXCLUSION_VIOLATION, "bookings_no_overlap")).toBe(true);
    const later = new Date(seat!.startsAt.getTime() + 30 * 60_000);
    expect(
      isPgError(
        await refusal({ ...copy, sessionId: randomUUID(), startsAt: later, occupiedStart: later, occupiedEnd: new Date(later.getTime() + 3_600_000) }),
        PG_EXCLUSION_VIOLATION,
        "bookings_no_overlap",
      ),
    ).toBe(true);
    expect(await seatsTaken(seat!.sessionId!)).toBe(2);
  });

  it("a card hold takes a seat until it is paid or lapses, like any booking of a paid service", async () => {
    const ws = await newWorkspace();
    const { service } = await addPaidService(ws, { name: "Paid workshop", durationMinutes: 60, capacity: 2 });
    const starts_at = localAt(ws, 2, "10:00");
    const first = await book(ws, { service_id: service.id, starts_at }, { key: ws.pk });
    const second = await book(ws, { service_id: service.id, starts_at }, { key: ws.pk });
    expect([first.body.status, second.body.status]).toEqual(["awaiting_payment", "awaiting_payment"]);
    expectError(await book(ws, { service_id: service.id, starts_at }, { key: ws.pk }), 409, "slot_unavailable");
    expect((await devPayment(first.body.id, "succeed")).status).toBe(200);
    expect((await api.get(`/v1/bookings/${first.body.id}`, { key: ws.sk })).body.status).toBe("confirmed");
    // The unpaid hold lapses (30 minutes): its seat is free again.
    await setNow(new Date(Date.now() + 31 * 60_000));
    expect((await slotsOf(ws, service.id, 2)).get(ws.staffId)!.get(at(starts_at))!.seats_left).toBe(1);
    const third = await book(ws, { service_id: service.id, starts_at }, { key: ws.pk });
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    expect(third.body.status).toBe("awaiting_payment");
    const [row] = (await bookingsOf(ws)).filter((booking) => booking.id === first.body.id);
    expect(await seatsTaken(row!.sessionId!)).toBe(2);
  });
});
