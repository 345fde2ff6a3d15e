import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { E2E } from "./support/env";

/**
 * Races across instances: two `next start` processes on one real PostgreSQL database, hit at
 * once. However the requests interleave, a slot holds at most one live booking, every loser
 * gets a 409, nothing answers 5xx, an Idempotency-Key repeated across both instances makes
 * one booking, and the availability either instance answers (cached between changes) follows
 * the bookings made on the other.
 */
const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORTS = E2E.racePorts;
// Named after the admin URL's database (its own prefix on a shared server), like the bench's.
const DATABASE = `${new URL(ADMIN_URL).pathname.slice(1) || "booking"}_race_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
const APP_SECRET = "race-test-secret-race-test-secret-0123456789";

let servers: ChildProcess[] = [];
let sql: postgres.Sql;
const databaseUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

function serverEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    APP_SECRET,
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    DEV_TOOLS: "1",
    RUNNER_INTERVAL_MS: "1000",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

async function waitUntilUp(port: number) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v1/openapi.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`instance on ${port} did not start`);
}

type Answer = { status: number; body: any; headers: Headers };

async function send(port: number, method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const statusCounts = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});

test.describe.configure({ mode: "serial", timeout: 600_000 });

let sk = "";
let serviceId = "";
let staffId = "";
let day = "";
const figures = { requests: 0, fiveXx: 0, doubleBookings: 0 };

test.beforeAll(async () => {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  sql = postgres(databaseUrl(), { max: 2, onnotice: () => {} });

  // Both instances start together on the empty database: migrations take turns.
  servers = PORTS.map((port) =>
    spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], { env: serverEnv(port), stdio: ["ignore", "ignore", "inherit"] }),
  );
  await Promise.all(PORTS.map(waitUntilUp));

  const created = spawnSync(
    process.execPath,
    ["--import", "tsx", "lib/cli/main.ts", "account", "create", "--name", "Race", "--plan", "pro", "--plan-step", "5"],
    {
      env: serverEnv(PORTS[0]!),
      encoding: "utf8",
    },
  );
  expect(created.status, created.stderr).toBe(0);
  const accountKey = JSON.parse(created.stdout).account_key as string;
  const workspace = await send(PORTS[0]!, "POST", "/v1/account/workspaces", accountKey, {
    name: "Race Studio",
    timezone: "UTC",
    slot_interval_minutes: 30,
    with_secret_key: true,
  });
  sk = workspace.body.secret_key;
  const staff = await send(PORTS[1]!, "GET", "/v1/staff", sk);
  staffId = staff.body.data[0].id;
  await send(PORTS[0]!, "PUT", `/v1/staff/${staffId}/working-hours`, sk, {
    working_hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 })),
  });
  const service = await send(PORTS[1]!, "POST", "/v1/services", sk, { name: "Session", duration_minutes: 30, payment_mode: "none", max_advance_days: 365 });
  serviceId = service.body.id;
  await send(PORTS[0]!, "PUT", `/v1/services/${serviceId}/staff`, sk, { staff_ids: [staffId] });
  day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
});

test.afterAll(async () => {
  for (const server of servers) server.kill("SIGTERM");
  await sql?.end();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.end();
  console.info(`races: ${figures.requests} requests, ${figures.fiveXx} 5xx, ${figures.doubleBookings} double bookings`);
});

const slotAt = (index: number, dayIso = day) => new Date(Date.parse(`${dayIso}T08:00:00Z`) + index * 30 * 60_000).toISOString();

function record(answers: Answer[]) {
  figures.requests += answers.length;
  figures.fiveXx += answers.filter((answer) => answer.status >= 500).length;
}

async function liveBookingsPerSlot(): Promise<Map<string, number>> {
  const rows = await sql<{ starts_at: Date; n: number }[]>`
    select starts_at, count(*)::int as n from bookings
    where staff_id = ${staffId} and status in ('pending', 'awaiting_payment', 'confirmed', 'no_show')
    group by starts_at`;
  return new Map(rows.map((row) => [row.starts_at.toISOString(), row.n]));
}

test("1,000 creates over 20 slots and 40 reschedules into them, across two instances", async () => {
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

test("an Idempotency-Key repeated across both instances makes one booking", async () => {
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

test("availability kept on one instance follows every booking made on the other, also mid-race", async () => {
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

test("a verify racing the hold's expiry ends consistent: confirmed or expired, never both, never a double booking", async () => {
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

/**
 * Group sessions (docs/group-sessions.md): a session's seats are kept by the database, so the
 * same race over sessions of capacity 8 fills each exactly, and a mixed race of a class and
 * one-to-one appointments on one calendar never overlaps anything but a session's own seats.
 */
test("1,000 creates on 5 sessions of capacity 8 across two instances: exactly 40 seats, 960 refused", async () => {
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

test("a mixed race of a class and one-to-one appointments on one calendar never overlaps", async () => {
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
