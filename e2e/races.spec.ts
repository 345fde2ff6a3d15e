import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { PORTS, sql, send, statusCounts, sk, serviceId, staffId, day, slotAt, record, liveBookingsPerSlot, figures, useRaceWorld } from "./support/race-world";
import { ONCE } from "./support/once";

/**
 * Races across instances: two `next start` processes on one real PostgreSQL database, hit at
 * once. However the requests interleave, a slot holds at most one live booking, every loser
 * gets a 409, nothing answers 5xx, an Idempotency-Key repeated across both instances makes
 * one booking, and the availability either instance answers (kept between changes) follows
 * the bookings made on the other.
 */
useRaceWorld();

test("1,000 creates over 20 slots and 40 reschedules into them, across two instances", ONCE, async () => {
  // 40 confirmed bookings on another day, to be moved into the contested slots.
  const otherDay = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
  const movers: string[] = [];
  for (let i = 0; i < 40; i++) {
    const made = await send(PORTS[i % 2]!, "POST", "/v1/bookings", sk, {
      service_id: serviceId,
      staff_id: staffId,
      starts_at: slotAt(i, otherDay),
      customer: { name: `Mover ${i}`, email: `mover${i}@example.com` },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    movers.push(made.body.id);
  }

  const creates = Array.from({ length: 1000 }, (_, i) =>
    send(PORTS[i % 2]!, "POST", "/v1/bookings", sk, {
      service_id: serviceId,
      staff_id: staffId,
      starts_at: slotAt(i % 20),
      customer: { name: `Racer ${i}`, email: `racer${i}@example.com` },
    }),
  );
  const reschedules = movers.map((id, i) => send(PORTS[(i + 1) % 2]!, "POST", `/v1/bookings/${id}/reschedule`, sk, { starts_at: slotAt(i % 20) }));
  const answers = await Promise.all([...creates, ...reschedules]);
  record(answers);

  const counts = statusCounts(answers);
  expect(
    Object.keys(counts)
      .map(Number)
      .every((status) => status === 200 || status === 201 || status === 409),
    JSON.stringify(counts),
  ).toBe(true);
  for (const loser of answers.filter((answer) => answer.status === 409)) expect(loser.body.error.type).toBe("slot_unavailable");

  const perSlot = await liveBookingsPerSlot();
  for (let i = 0; i < 20; i++) {
    const live = perSlot.get(slotAt(i)) ?? 0;
    if (live > 1) figures.doubleBookings += live - 1;
    expect(live, `slot ${slotAt(i)}`).toBe(1);
  }
  const winners = answers.filter((answer) => answer.status === 200 || answer.status === 201).length;
  expect(winners).toBe(20);
});

test("an Idempotency-Key repeated across both instances makes one booking", ONCE, async () => {
  const key = `race-${randomUUID()}`;
  const body = { service_id: serviceId, staff_id: staffId, starts_at: slotAt(30), customer: { name: "Once", email: "once@example.com" } };
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(PORTS[i % 2]!, "POST", "/v1/bookings", sk, body, { "Idempotency-Key": key })));
  record(answers);
  expect(answers.every((answer) => answer.status < 500)).toBe(true);
  const successes = answers.filter((answer) => answer.status === 201);
  expect(new Set(successes.map((answer) => answer.body.id)).size).toBe(1);
  // Losers of the simultaneous first request get their own error (409), never a second booking.
  for (const other of answers.filter((answer) => answer.status !== 201)) expect(other.status).toBe(409);
  const [{ n }] = await sql<
    { n: number }[]
  >`select count(*)::int as n from bookings b join customers c on c.id = b.customer_id where c.email = 'once@example.com'`;
  expect(n).toBe(1);

  const replay = await send(PORTS[1]!, "POST", "/v1/bookings", sk, body, { "Idempotency-Key": key });
  record([replay]);
  expect(replay.status).toBe(201);
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.body.id).toBe(successes[0]!.body.id);
});

test("availability kept on one instance follows every booking made on the other, also mid-race", ONCE, async () => {
  const availabilityDay = new Date(Date.parse(day) + 5 * 86_400_000).toISOString().slice(0, 10);
  const query = `/v1/availability?${new URLSearchParams({ service_id: serviceId, from: `${availabilityDay}T00:00:00Z`, to: `${availabilityDay}T23:59:59Z` })}`;
  const offered = async (port: number) => {
    const answer = await send(port, "GET", query, sk);
    record([answer]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data[0].slots.map((slot: { start: string }) => new Date(slot.start).toISOString()) as string[];
  };
  const allDay = Array.from({ length: 48 }, (_, i) => new Date(Date.parse(`${availabilityDay}T00:00:00Z`) + i * 30 * 60_000).toISOString());
  for (const port of PORTS) expect(await offered(port)).toEqual(allDay);

  // One at a time: each instance has the day's answer kept, the other books, it answers anew.
  for (let i = 0; i < 6; i++) {
    const made = await send(PORTS[i % 2]!, "POST", "/v1/bookings", sk, {
      service_id: serviceId,
      staff_id: staffId,
      starts_at: allDay[i]!,
      customer: { name: `Seq ${i}`, email: `seq${i}@example.com` },
    });
    record([made]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await offered(PORTS[(i + 1) % 2]!)).not.toContain(allDay[i]);
  }

  // Creates and availability reads interleaved on both instances; once they settle, both
  // offer exactly the slots with no live booking.
  const creates = Array.from({ length: 120 }, (_, i) =>
    send(PORTS[i % 2]!, "POST", "/v1/bookings", sk, {
      service_id: serviceId,
      staff_id: staffId,
      starts_at: allDay[6 + (i % 24)]!,
      customer: { name: `Mix ${i}`, email: `mix${i}@example.com` },
    }),
  );
  const reads = Array.from({ length: 60 }, (_, i) => offered(PORTS[i % 2]!));
  const [answers] = await Promise.all([Promise.all(creates), Promise.all(reads)]);
  record(answers);
  expect(
    answers.every((answer) => answer.status === 201 || answer.status === 409),
    JSON.stringify(statusCounts(answers)),
  ).toBe(true);
  const booked = new Set((await liveBookingsPerSlot()).keys());
  const free = allDay.filter((slot) => !booked.has(slot));
  expect(free).toEqual(allDay.slice(30));
  for (const port of PORTS) expect(await offered(port)).toEqual(free);
});

test("a verify racing the hold's expiry ends consistent: confirmed or expired, never both, never a double booking", ONCE, async () => {
  await send(PORTS[0]!, "PATCH", "/v1/workspace", sk, { require_verification: true });
  const pending: { id: string; email: string; slot: string }[] = [];
  const verifyDay = new Date(Date.parse(day) + 3 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 10; i++) {
    const email = `verify${i}@example.com`;
    const slot = slotAt(i, verifyDay);
    const made = await send(PORTS[i % 2]!, "POST", "/v1/bookings", sk, {
      service_id: serviceId,
      staff_id: staffId,
      starts_at: slot,
      customer: { name: `V ${i}`, email },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.status).toBe("pending");
    pending.push({ id: made.body.id, email, slot });
  }
  const codes = await Promise.all(
    pending.map(async ({ email }) => {
      const messages = await fetch(`http://127.0.0.1:${PORTS[0]}/dev/outbox/messages?to=${encodeURIComponent(email)}`).then((response) => response.json());
      return (messages.data[0].text as string).match(/\b(\d{6})\b/)![1]!;
    }),
  );
  await send(PORTS[0]!, "PATCH", "/v1/workspace", sk, { require_verification: false });

  // The holds were placed one after another, so they lapse one after another. Move the shared
  // clock into the middle of that stretch — half have lapsed, the rest lapse while the requests
  // fly — and let everything collide: verifications, the expiry sweep on the other instance,
  // and new bookings for the same slots.
  const expiries = await sql<{ at: Date }[]>`select hold_expires_at as at from bookings where status = 'pending' order by hold_expires_at`;
  const middle = expiries[Math.floor(expiries.length / 2)]!.at;
  const clock = await fetch(`http://127.0.0.1:${PORTS[1]}/dev/clock`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ now: new Date(middle.getTime() - 50).toISOString() }),
  });
  expect(clock.status).toBe(200);
  const answers = await Promise.all([
    ...pending.map(({ id }, i) => send(PORTS[i % 2]!, "POST", `/v1/bookings/${id}/verify`, sk, { code: codes[i] })),
    fetch(`http://127.0.0.1:${PORTS[1]}/dev/jobs/run`, { method: "POST" }).then(async (response) => ({
      status: response.status,
      body: await response.json(),
      headers: response.headers,
    })),
    ...pending.map(({ slot }, i) =>
      send(PORTS[(i + 1) % 2]!, "POST", "/v1/bookings", sk, {
        service_id: serviceId,
        staff_id: staffId,
        starts_at: slot,
        customer: { name: `Late ${i}`, email: `late${i}@example.com` },
      }),
    ),
  ]);
  record(answers);
  expect(
    answers.every((answer) => answer.status < 500),
    JSON.stringify(statusCounts(answers)),
  ).toBe(true);

  const verifications = answers.slice(0, pending.length);
  for (const [i, { id }] of pending.entries()) {
    const [row] = await sql<{ status: string }[]>`select status from bookings where id = ${id}`;
    if (verifications[i]!.status === 200) expect(row!.status).toBe("confirmed");
    else {
      expect(verifications[i]!.body.error.type).toBe("verification_failed");
      expect(["pending", "expired"]).toContain(row!.status);
    }
  }
  const confirmed = verifications.filter((answer) => answer.status === 200).length;
  console.info(`verify race: ${confirmed} verified in time, ${pending.length - confirmed} refused after expiry`);
  const perSlot = await liveBookingsPerSlot();
  for (const { slot } of pending) {
    const live = perSlot.get(slot) ?? 0;
    if (live > 1) figures.doubleBookings += live - 1;
    expect(live, slot).toBeLessThanOrEqual(1);
  }
});
