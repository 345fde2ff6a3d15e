import { expect, test } from "@playwright/test";
import { PORTS, sql, send, statusCounts, sk, serviceId, staffId, day, record, figures, useRaceWorld } from "./support/race-world";
import { ONCE } from "./support/once";

/**
 * Races across instances (see races.spec.ts), over group sessions (docs/group-sessions.md): a session's
 * seats are kept by the database, so the same race over sessions of capacity 8 fills each exactly, and a
 * mixed race of a class and one-to-one appointments on one calendar never overlaps anything but a
 * session's own seats.
 */
useRaceWorld();

test("1,000 creates on 5 sessions of capacity 8 across two instances: exactly 40 seats, 960 refused", ONCE, async () => {
  const group = await send(PORTS[0]!, "POST", "/v1/services", sk, {
    name: "Class",
    duration_minutes: 60,
    payment_mode: "none",
    max_advance_days: 365,
    capacity: 8,
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  await send(PORTS[1]!, "PUT", `/v1/services/${group.body.id}/staff`, sk, { staff_ids: [staffId] });
  const classDay = new Date(Date.parse(day) + 7 * 86_400_000).toISOString().slice(0, 10);
  const classAt = (index: number) => new Date(Date.parse(`${classDay}T08:00:00Z`) + index * 2 * 3_600_000).toISOString();
  const answers = await Promise.all(
    Array.from({ length: 1000 }, (_, i) =>
      send(PORTS[i % 2]!, "POST", "/v1/bookings", sk, {
        service_id: group.body.id,
        // Half name the calendar, half let the service choose: both join the session.
        ...(i % 4 < 2 ? { staff_id: staffId } : {}),
        starts_at: classAt(i % 5),
        customer: { name: `Seat ${i}`, email: `seat${i}@example.com` },
      }),
    ),
  );
  record(answers);
  const counts = statusCounts(answers);
  console.info(`group race: ${JSON.stringify(counts)}`);
  expect(counts).toEqual({ 201: 40, 409: 960 });
  for (const loser of answers.filter((answer) => answer.status === 409)) expect(loser.body.error.type).toBe("slot_unavailable");
  const perSession = await sql<{ starts_at: Date; n: number; sessions: number }[]>`
    select starts_at, count(*)::int as n, count(distinct session_id)::int as sessions from bookings
    where service_id = ${group.body.id} and status in ('pending', 'awaiting_payment', 'confirmed', 'no_show')
    group by starts_at order by starts_at`;
  expect(perSession.map((row) => [row.starts_at.toISOString(), row.n, row.sessions])).toEqual(Array.from({ length: 5 }, (_, i) => [classAt(i), 8, 1]));
  const seats = await sql<{ seats_taken: number; capacity: number }[]>`select seats_taken, capacity from booking_sessions where service_id = ${group.body.id}`;
  expect(seats).toEqual(Array.from({ length: 5 }, () => ({ seats_taken: 8, capacity: 8 })));
  // Both instances now offer none of the five starts.
  for (const port of PORTS) {
    const offered = await send(
      port,
      "GET",
      `/v1/availability?${new URLSearchParams({ service_id: group.body.id, from: `${classDay}T00:00:00Z`, to: `${classDay}T23:59:59Z` })}`,
      sk,
    );
    record([offered]);
    const starts = offered.body.data[0].slots.map((slot: { start: string }) => new Date(slot.start).toISOString());
    for (let i = 0; i < 5; i++) expect(starts).not.toContain(classAt(i));
  }
});

test("a mixed race of a class and one-to-one appointments on one calendar never overlaps", ONCE, async () => {
  const group = await send(PORTS[0]!, "POST", "/v1/services", sk, {
    name: "Workshop",
    duration_minutes: 60,
    payment_mode: "none",
    max_advance_days: 365,
    capacity: 4,
  });
  await send(PORTS[1]!, "PUT", `/v1/services/${group.body.id}/staff`, sk, { staff_ids: [staffId] });
  const mixDay = new Date(Date.parse(day) + 8 * 86_400_000).toISOString().slice(0, 10);
  // Every half hour from 08:00 to 13:30: the hour-long workshop and the half-hour appointment
  // overlap at every pair of neighbouring starts.
  const halfHour = (index: number) => new Date(Date.parse(`${mixDay}T08:00:00Z`) + index * 30 * 60_000).toISOString();
  const answers = await Promise.all(
    Array.from({ length: 600 }, (_, i) =>
      send(PORTS[i % 2]!, "POST", "/v1/bookings", sk, {
        service_id: i % 3 === 0 ? serviceId : group.body.id,
        staff_id: staffId,
        starts_at: halfHour((i * 7) % 12),
        customer: { name: `Mix ${i}`, email: `mixed${i}@example.com` },
      }),
    ),
  );
  record(answers);
  const counts = statusCounts(answers);
  console.info(`mixed race: ${JSON.stringify(counts)}`);
  expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(["201", "409"]);
  const overlaps = await sql<{ n: number }[]>`
    select count(*)::int as n from bookings a join bookings b
      on a.staff_id = b.staff_id and a.id < b.id
      and tstzrange(a.occupied_start, a.occupied_end, '[)') && tstzrange(b.occupied_start, b.occupied_end, '[)')
      and coalesce(a.session_id, a.id) <> coalesce(b.session_id, b.id)
    where a.staff_id = ${staffId}
      and a.status in ('pending', 'awaiting_payment', 'confirmed', 'no_show') and b.status in ('pending', 'awaiting_payment', 'confirmed', 'no_show')`;
  figures.doubleBookings += overlaps[0]!.n;
  expect(overlaps[0]!.n).toBe(0);
  const over = await sql<{ n: number }[]>`
    select count(*)::int as n from (select session_id from bookings where service_id = ${group.body.id}
      and status in ('pending', 'awaiting_payment', 'confirmed', 'no_show') group by session_id having count(*) > 4) s`;
  expect(over[0]!.n).toBe(0);
  const seated = await sql<{ n: number }[]>`select count(*)::int as n from bookings where service_id = ${group.body.id} and status = 'confirmed'`;
  expect(answers.filter((answer) => answer.status === 201).length).toBe(
    seated[0]!.n +
      (
        await sql<
          { n: number }[]
        >`select count(*)::int as n from bookings where service_id = ${serviceId} and starts_at::date = ${mixDay}::date and status = 'confirmed'`
      )[0]!.n,
  );
});
