import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { offerWaitlistSeats } from "@/lib/jobs/inngest-functions";
import { sessionIdFor } from "@/lib/bookings/sessions";
import { bookingSessions, outboxMessages, type ServiceRow } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { bookConfirmed, bookingRow, clientIpOf, localAt, newCustomer, setNow } from "../helpers/bookings";
import { addService, addWebhookEndpoint } from "../helpers/factories";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { runJobs } from "../helpers/outbox";
import { currentDb } from "../helpers/test-db";
import { clickLink, linkIn, waitlistEventsOf } from "../helpers/waitlist";

/**
 * The waitlist of a full class session (docs/series-and-waitlists.md) over HTTP, on PGlite and
 * (DATABASE_URL) PostgreSQL: joining, positions, a freed seat offered as a 30-minute hold with a
 * one-click link, lapsed offers passing on, expiry, and concurrent cancels.
 */
const OFFER_HOLD_MS = 30 * 60_000;

type World = { ws: TestWorkspace; service: ServiceRow; startsAt: string; seats: any[] };

/** A class of `capacity` seats the day after tomorrow at 10:00, every seat booked. */
async function fullClass(capacity = 2): Promise<World> {
  const ws = await newWorkspace();
  await addWebhookEndpoint(ws, ["booking.created", "waitlist.offered", "waitlist.booked"]);
  const service = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity });
  const startsAt = localAt(ws, 2, "10:00");
  const seats = [];
  for (let seat = 0; seat < capacity; seat++) seats.push(await bookConfirmed(ws, { service_id: service.id, starts_at: startsAt }));
  return { ws, service, startsAt, seats };
}

async function join(world: World, customer = newCustomer(), key = world.ws.sk) {
  return api.post("/v1/waitlist", {
    key,
    body: { service_id: world.service.id, starts_at: world.startsAt, customer },
    headers: clientIpOf(world.ws),
  });
}

async function joined(world: World, customer = newCustomer()) {
  const response = await join(world, customer);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...response.body, email: customer.email as string };
}

const entry = async (ws: TestWorkspace, id: string) => (await api.get(`/v1/waitlist/${id}`, { key: ws.sk })).body;

async function offerTo(email: string) {
  const rows = await currentDb()
    .db.select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, email), eq(outboxMessages.kind, "waitlist_offer")));
  return rows;
}

async function cancel(ws: TestWorkspace, bookingId: string) {
  const response = await api.post(`/v1/bookings/${bookingId}/cancel`, { key: ws.sk, body: {} });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function seatsTaken(world: World): Promise<number> {
  const id = sessionIdFor(world.service, world.ws.staffId, new Date(world.startsAt))!;
  const [row] = await currentDb().db.select().from(bookingSessions).where(eq(bookingSessions.id, id));
  return row?.seatsTaken ?? 0;
}

describe("joining the waitlist", () => {
  it("availability lists the full session with include_full; entries keep their positions; a duplicate and a free session are refused", async () => {
    const world = await fullClass();
    const { ws, service, startsAt } = world;
    const query = { service_id: service.id, from: localAt(ws, 2, "00:00"), to: localAt(ws, 3, "00:00") };
    const start = new Date(startsAt).toISOString();
    const startsOf = (body: any) => body.data[0].slots.map((slot: any) => [new Date(slot.start).toISOString(), slot.seats_left]);
    const plain = await api.get("/v1/availability", { key: ws.sk, query });
    expect(startsOf(plain.body).map(([at]: [string]) => at)).not.toContain(start);
    const withFull = await api.get("/v1/availability", { key: ws.pk, query: { ...query, include_full: "true" }, headers: clientIpOf(ws) });
    expect(withFull.status, JSON.stringify(withFull.body)).toBe(200);
    expect(startsOf(withFull.body)).toContainEqual([start, 0]);

    const first = await joined(world);
    expect(first).toMatchObject({ service_id: service.id, staff_id: ws.staffId, status: "waiting", position: 1, booking_id: null, offer_expires_at: null });
    expect(new Date(first.starts_at).toISOString()).toBe(start);
    // Through the publishable key, as the booking page does.
    const secondCustomer = newCustomer();
    const second = await join(world, secondCustomer, ws.pk);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.position).toBe(2);

    // One live entry per email and session (any case of the address).
    const again = await join(world, { name: "Ada", email: first.email.toUpperCase() });
    expectError(again, 409, "conflict");
    // The booking page tells the two refusals apart by the field each names.
    expect(again.body.error.param).toBe("customer.email");
    expect((await entry(ws, first.id)).position).toBe(1);

    const list = await api.get("/v1/waitlist", { key: ws.sk, query: { service_id: service.id } });
    expect(list.body.data.map((e: any) => [e.id, e.position])).toEqual([
      [first.id, 1],
      [second.body.id, 2],
    ]);

    // The joined email carries the leave link, which works once and answers the same after.
    const [joinedEmail] = await currentDb()
      .db.select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, first.email), eq(outboxMessages.kind, "waitlist_joined")));
    const leaveLink = linkIn(joinedEmail!.text, "leave");
    expect((await entry(ws, first.id)).status).toBe("waiting");
    expect((await clickLink(leaveLink)).location).toBe(leaveLink);
    expect((await entry(ws, first.id)).status).toBe("left");
    expect((await entry(ws, second.body.id)).position).toBe(1);

    // A session with a free seat: book it instead.
    const free = await api.post("/v1/waitlist", {
      key: ws.sk,
      body: { service_id: service.id, starts_at: localAt(ws, 2, "14:00"), customer: newCustomer() },
    });
    expectError(free, 409, "conflict");
    expect(free.body.error.param).toBe("starts_at");
    // Not a class.
    const single = await addService(ws, { name: "Massage" });
    const notClass = await api.post("/v1/waitlist", { key: ws.sk, body: { service_id: single.id, starts_at: startsAt, customer: newCustomer() } });
    expectError(notClass, 422, "validation_failed", "service_id");
  });
});

describe("a seat freed without a cancel", () => {
  it("a booking moved away frees its seat for the first in line; a raised capacity frees seats for the next ones", async () => {
    const world = await fullClass();
    const { ws, seats, service } = world;
    const [a, b, c] = [await joined(world), await joined(world), await joined(world)];

    // The business moves one attendee to another day: the seat it left is offered, once.
    const moved = await api.post(`/v1/bookings/${seats[0].id}/reschedule`, { key: ws.sk, body: { starts_at: localAt(ws, 3, "10:00") } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await runJobs();
    expect((await entry(ws, a.id)).status).toBe("offered");
    expect((await entry(ws, b.id)).status).toBe("waiting");
    expect(await offerTo(a.email)).toHaveLength(1);

    // Capacity raised from 2 to 4: two more seats, offered to the next two in line.
    const raised = await api.put(`/v1/services/${service.id}`, { key: ws.sk, body: { name: "Yoga", duration_minutes: 60, payment_mode: "none", capacity: 4 } });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    await runJobs();
    expect([(await entry(ws, b.id)).status, (await entry(ws, c.id)).status]).toEqual(["offered", "offered"]);
    expect(await seatsTaken(world)).toBe(4);
    await runJobs();
    expect((await offerTo(b.email)).length + (await offerTo(c.email)).length).toBe(2);
  });
});

describe("a freed seat", () => {
  it("is offered to the first in line as a 30-minute hold; the email's link books it; a lapsed offer passes to the next", async () => {
    const world = await fullClass();
    const { ws, seats } = world;
    const [a, b, c] = [await joined(world), await joined(world), await joined(world)];

    await cancel(ws, seats[0].id);
    await runJobs();
    const offered = await entry(ws, a.id);
    expect(offered.status).toBe("offered");
    expect((await entry(ws, b.id)).position).toBe(1);
    const hold = await bookingRow(offered.booking_id);
    expect(hold.status).toBe("pending");
    expect(hold.holdExpiresAt!.getTime() - hold.createdAt.getTime()).toBe(OFFER_HOLD_MS);
    expect(Date.parse(offered.offer_expires_at)).toBe(hold.holdExpiresAt!.getTime());
    expect(await seatsTaken(world)).toBe(2);
    // The seat is not offered twice.
    await runJobs();
    expect((await entry(ws, b.id)).status).toBe("waiting");

    const [email] = await offerTo(a.email);
    expect(email!.subject).toContain("Yoga");
    // The link's page's one button books the seat (opening the page changes nothing: e2e/group-sessions.spec.ts).
    const bookLink = linkIn(email!.text, "book");
    expect((await entry(ws, a.id)).status).toBe("offered");
    const clicked = await clickLink(bookLink);
    // Booked: the click leads to the booking's manage page, and a second click to the same one.
    expect(clicked.location).toMatch(/\/manage\/[^/]+$/);
    expect((await clickLink(bookLink)).location).toBe(clicked.location);
    expect(await entry(ws, a.id)).toMatchObject({ id: a.id, status: "booked", booking_id: offered.booking_id });
    expect((await bookingRow(offered.booking_id)).status).toBe("confirmed");
    // The API route of the link, again: the same answer.
    const token = bookLink.split("/")[2]!.split("?")[0]!;
    const again = await api.post(`/v1/public/waitlist/${token}/book`, { headers: clientIpOf(ws) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.status).toBe("booked");
    expect((await waitlistEventsOf(ws)).map((event) => [event.type, event.entry.id])).toEqual([
      ["waitlist.offered", a.id],
      ["waitlist.booked", a.id],
    ]);

    // The next seat goes to b, who lets it lapse: it passes to c.
    await cancel(ws, seats[1].id);
    await runJobs();
    const bOffer = await entry(ws, b.id);
    expect(bOffer.status).toBe("offered");
    await setNow(new Date(Date.parse(bOffer.offer_expires_at) + 60_000));
    await runJobs();
    expect((await entry(ws, b.id)).status).toBe("expired");
    expect((await bookingRow(bOffer.booking_id)).status).toBe("expired");
    const cOffer = await entry(ws, c.id);
    expect(cOffer.status).toBe("offered");
    expect(await seatsTaken(world)).toBe(2);
    // b's lapsed link no longer books.
    const [bEmail] = await offerTo(b.email);
    const bToken = linkIn(bEmail!.text, "book").split("/")[2]!.split("?")[0]!;
    expectError(await api.post(`/v1/public/waitlist/${bToken}/book`, { headers: clientIpOf(ws) }), 409, "conflict");
    const lapsed = await clickLink(linkIn(bEmail!.text, "book"));
    // Back to the link's page, which says no seat is held now.
    expect(lapsed.location).toBe(linkIn(bEmail!.text, "book"));
    expect((await entry(ws, b.id)).status).toBe("expired");
  });

  it("an entry expires when its start passes", async () => {
    const world = await fullClass();
    const waiting = await joined(world);
    await setNow(new Date(Date.parse(world.startsAt) + 60_000));
    await runJobs();
    expect((await entry(world.ws, waiting.id)).status).toBe("expired");
  });

  it("several seats cancelled at once are each offered exactly once, in line order", async () => {
    const world = await fullClass(4);
    const { ws, seats } = world;
    const line = [];
    for (let i = 0; i < 6; i++) line.push(await joined(world));
    // Three cancels in parallel, then two sweeps in parallel (two instances).
    await Promise.all(seats.slice(0, 3).map((seat) => cancel(ws, seat.id)));
    await Promise.all([runJobs(), runJobs()]);
    const statuses = await Promise.all(line.map(async (e) => (await entry(ws, e.id)).status));
    expect(statuses).toEqual(["offered", "offered", "offered", "waiting", "waiting", "waiting"]);
    const offers = await Promise.all(line.slice(0, 3).map((e) => entry(ws, e.id)));
    expect(new Set(offers.map((o) => o.booking_id)).size).toBe(3);
    expect(await seatsTaken(world)).toBe(4);
    for (const e of line) expect(await offerTo(e.email)).toHaveLength(line.indexOf(e) < 3 ? 1 : 0);
    const events = (await waitlistEventsOf(ws)).filter((event) => event.type === "waitlist.offered");
    expect(events.map((event) => event.entry.id).sort()).toEqual(
      line
        .slice(0, 3)
        .map((e) => e.id)
        .sort(),
    );
  });
});

describe("the offer-waitlist-seats Inngest function", () => {
  it("on waitlist/seat.freed runs the same step as the sweep: the first in line is offered the seat, once", async () => {
    const world = await fullClass();
    const { ws, seats } = world;
    const [first, second] = [await joined(world), await joined(world)];
    await cancel(ws, seats[0].id);
    const events = [
      {
        name: "waitlist/seat.freed",
        data: { workspaceId: ws.id, serviceId: world.service.id, staffId: ws.staffId, startsAt: new Date(world.startsAt).toISOString() },
      },
    ];
    const run = await new InngestTestEngine({ function: offerWaitlistSeats }).execute({ events: events as never });
    expect(run.result).toEqual({ changed: 1 });
    expect((await entry(ws, first.id)).status).toBe("offered");
    expect(await offerTo(first.email)).toHaveLength(1);
    // The event again (a resend, another instance): the seat is already offered.
    const again = await new InngestTestEngine({ function: offerWaitlistSeats }).execute({ events: events as never });
    expect(again.result).toEqual({ changed: 0 });
    expect((await entry(ws, second.id)).status).toBe("waiting");
  });
});

describe("GET /v1/waitlist, a page at a time", () => {
  it("pages follow the line (start, then joining order) with limit and cursor; positions count the whole line on every page", async () => {
    const world = await fullClass();
    const { ws } = world;
    const later = { ...world, startsAt: localAt(ws, 3, "10:00") };
    for (let seat = 0; seat < 2; seat++)
      expect((await bookConfirmed(ws, { service_id: world.service.id, starts_at: later.startsAt })).status).toBe("confirmed");
    // Joined alternately: the line of each session is in joining order, the earlier session first.
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await joined(later), await joined(world));
    const inLine = [...made.filter((_, i) => i % 2 === 1), ...made.filter((_, i) => i % 2 === 0)];
    // One taken off the first session's line: the entries behind it move up.
    expect((await api.post(`/v1/waitlist/${inLine[0].id}/leave`, { key: ws.sk })).status).toBe(200);

    const seen: [string, number | null][] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await api.get("/v1/waitlist", { key: ws.sk, query: { limit: 2, cursor } });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(Object.keys(page.body).sort()).toEqual(["data", "next_cursor"]);
      sizes.push(page.body.data.length);
      seen.push(...page.body.data.map((e: { id: string; position: number | null }) => [e.id, e.position] as [string, number | null]));
      cursor = page.body.next_cursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 2]);
    expect(seen).toEqual([
      [inLine[0].id, null],
      [inLine[1].id, 1],
      [inLine[2].id, 2],
      [inLine[3].id, 1],
      [inLine[4].id, 2],
      [inLine[5].id, 3],
    ]);
    // Filters page the same way; the last page says so with a null cursor.
    const waiting = await api.get("/v1/waitlist", { key: ws.sk, query: { status: "waiting", starts_at: later.startsAt, limit: 2 } });
    expect(waiting.body.data.map((e: { position: number }) => e.position)).toEqual([1, 2]);
    const rest = await api.get("/v1/waitlist", {
      key: ws.sk,
      query: { status: "waiting", starts_at: later.startsAt, limit: 2, cursor: waiting.body.next_cursor },
    });
    expect([rest.body.data.map((e: { position: number }) => e.position), rest.body.next_cursor]).toEqual([[3], null]);
    // The default page holds them all; a limit that is not a positive number gives the default.
    for (const limit of [undefined, "0", "abc"]) {
      const all = await api.get("/v1/waitlist", { key: ws.sk, query: { limit } });
      expect([all.body.data.length, all.body.next_cursor]).toEqual([6, null]);
    }
    expectError(await api.get("/v1/waitlist", { key: ws.sk, query: { cursor: "not-a-cursor" } }), 422, "validation_failed", "cursor");
    // Another workspace's cursor names nothing here: an empty page, not its entries.
    const other = await newWorkspace();
    const foreign = await api.get("/v1/waitlist", { key: other.sk, query: { cursor: waiting.body.next_cursor } });
    expect([foreign.status, foreign.body.data, foreign.body.next_cursor]).toEqual([200, [], null]);
  });
});

describe("waitlist routes", () => {
  it("an unknown entry or token is 404; the business takes an entry off the line", async () => {
    const world = await fullClass();
    const { ws } = world;
    expectError(await api.get("/v1/waitlist/00000000-0000-4000-8000-000000000000", { key: ws.sk }), 404, "not_found");
    expectError(await api.post("/v1/public/waitlist/nope/book", { headers: clientIpOf(ws) }), 404, "not_found");
    const waiting = await joined(world);
    const other = await newWorkspace();
    expectError(await api.get(`/v1/waitlist/${waiting.id}`, { key: other.sk }), 404, "not_found");
    const left = await api.post(`/v1/waitlist/${waiting.id}/leave`, { key: ws.sk });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toMatchObject({ status: "left", position: null });
  });

  itEnforcesAuth("waitlist", async () => {
    const world = await fullClass();
    const waiting = await joined(world);
    const body = { service_id: world.service.id, starts_at: world.startsAt, customer: newCustomer() };
    return [
      { method: "POST", path: "/v1/waitlist", body, owner: world.ws, auth: "sk_pk" },
      { method: "GET", path: "/v1/waitlist", owner: world.ws },
      { method: "GET", path: `/v1/waitlist/${waiting.id}`, owner: world.ws, scoped: true },
      { method: "POST", path: `/v1/waitlist/${waiting.id}/leave`, owner: world.ws, scoped: true },
    ];
  });
});
