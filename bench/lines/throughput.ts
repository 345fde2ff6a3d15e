import autocannon, { type Options, type Result } from "autocannon";
import { newRange } from "../ranges";
import type { Seeded } from "../seed";
import { CONNECTIONS, DURATION_SECONDS, GROUP_LINES, GROUP_SHARE, measured, measuredRatios, put, RATIO_GOALS, WARMUP_SECONDS, type Database } from "../table";

export async function measureThroughput(database: Database, base: string, seeded: Seeded, external?: Seeded) {
  const auth = { ...CLIENT, Authorization: `Bearer ${seeded.secretKey}` };
  const json = { ...auth, "Content-Type": "application/json" };
  const from = seeded.firstDay;
  const availabilityPath = (startMinutes: number, days: number) => {
    const start = from.plus({ minutes: startMinutes });
    return `/v1/availability?${new URLSearchParams({ service_id: seeded.serviceId, from: start.toISO()!, to: start.plus({ days }).toISO()! })}`;
  };
  const freshRanges = (days: number, of: Seeded = seeded): Options => {
    let sent = 0;
    const rangePath = () => {
      const { from: start, to: end } = newRange(of.firstDay, days, sent++);
      return `/v1/availability?${new URLSearchParams({ service_id: of.serviceId, from: start.toISO()!, to: end.toISO()! })}`;
    };
    const headers = { ...CLIENT, Authorization: `Bearer ${of.secretKey}` };
    return { url: base, headers, requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: rangePath() }) }] };
  };
  let next = 0;
  let nextGroupRange = 0;
  const creationBody = () => {
    const i = next++;
    const customer = { name: `Bench ${i}`, email: `bench-${i}@bench.example` };
    return JSON.stringify({ service_id: seeded.serviceId, starts_at: seeded.creationStarts[i % seeded.creationStarts.length], customer });
  };
  const sample = await probe(base + availabilityPath(0, 62), { headers: auth });
  const slots = sample.data.reduce((sum: number, calendar: { slots: unknown[] }) => sum + calendar.slots.length, 0);
  console.log(`Availability over 62 days answers ${slots} slots on ${sample.data.length} calendars.`);
  await probe(base + "/v1/workspace", { headers: auth });
  await probe(base + "/v1/bookings", { method: "POST", headers: json, body: creationBody() });

  // The machine is shared: load comes and goes. Each line is measured in slices that
  // alternate with slices of the floor, and its ratio is the sum of its slices over the sum of
  // the floor slices beside them, so that a busy moment weighs on both sides alike.
  const floorOptions: Options = { url: base + "/v1/bench-floor", headers: CLIENT };
  await slice(floorOptions, WARMUP_SECONDS);
  const floorRates: number[] = [];
  const ratioLine = async (key: keyof typeof RATIO_GOALS, options: Options, status: 200 | 304 = 200) => {
    if (!measured(key)) return;
    const { floorSum, lineSum, floors, wrong } = await besideFloor(options, floorOptions, status);
    floorRates.push(...floors);
    const ratio = lineSum / floorSum;
    const goal = RATIO_GOALS[key][database];
    console.log(
      `  ${key.padEnd(10)} ${(lineSum / SLICES).toFixed(1).padStart(8)} req/s beside a floor of ${(floorSum / SLICES).toFixed(1)}: ${ratio.toFixed(3)}${wrong ? `  ${wrong} unexpected answers` : ""}`,
    );
    measuredRatios.set(key, ratio);
    put(key, database, `${ratio.toFixed(3)} (${(lineSum / SLICES).toFixed(0)}/s)`, goal === null ? null : ratio >= goal && wrong === 0);
    return ratio;
  };
  await ratioLine("workspace", { url: base + "/v1/workspace", headers: auth });
  const fresh62 = await ratioLine("fresh62", freshRanges(62));
  if (external && measured("fresh62ext")) {
    const withExternal = await ratioLine("fresh62ext", freshRanges(62, external));
    if (fresh62 !== undefined && withExternal !== undefined) {
      const relative = withExternal / fresh62;
      console.log(`  with external calendars: ${relative.toFixed(2)} of the line without`);
      put(
        "fresh62ext",
        database,
        `${relative.toFixed(2)} of fresh62 (${withExternal.toFixed(3)} of the floor)`,
        relative >= (RATIO_GOALS.fresh62ext[database] ?? 0),
      );
    }
  }
  // A client asking again sends the answer's ETag back (as a browser's cache does): 304, no body.
  if (measured("again62")) {
    const etag = await etagOf(base + availabilityPath(0, 62), auth);
    await ratioLine("again62", { url: base + availabilityPath(0, 62), headers: { ...auth, "If-None-Match": etag } }, 304);
  }
  await ratioLine("fresh7", freshRanges(7));
  await ratioLine("create", {
    url: base,
    headers: json,
    requests: [{ method: "POST", path: "/v1/bookings", setupRequest: (request) => ({ ...request, body: creationBody() }) }],
  });
  // A booking page's traffic: each connection reads nine new 7-day ranges, then books.
  const sevenDayRead = freshRanges(7).requests![0]!;
  await ratioLine("mixed", {
    url: base,
    headers: auth,
    requests: [
      ...Array.from({ length: 9 }, () => sevenDayRead),
      { method: "POST", path: "/v1/bookings", headers: json, setupRequest: (request) => ({ ...request, body: creationBody() }) },
    ],
  });
  // Group sessions: the same measurements on the class, each held against its one-to-one line.
  const group = seeded.group;
  const groupAuth = { ...CLIENT, Authorization: `Bearer ${group.secretKey}` };
  let nextSeat = 0;
  const seatBody = () => {
    const i = nextSeat++;
    return JSON.stringify({
      service_id: group.serviceId,
      starts_at: group.creationStarts[i % group.creationStarts.length],
      customer: { name: `Seat ${i}`, email: `seat-${i}@bench.example` },
    });
  };
  const groupLine = async (key: keyof typeof GROUP_LINES, options: Options) => {
    if (!measured(key)) return;
    const { floorSum, lineSum, wrong } = await besideFloor(options, floorOptions);
    const ratio = lineSum / floorSum;
    const base = measuredRatios.get(GROUP_LINES[key]);
    const share = base === undefined ? null : ratio / base;
    console.log(
      `  ${key.padEnd(10)} ${(lineSum / SLICES).toFixed(1).padStart(8)} req/s: ${ratio.toFixed(3)}${share === null ? "" : ` (${share.toFixed(2)} × ${GROUP_LINES[key]})`}${wrong ? `  ${wrong} unexpected answers` : ""}`,
    );
    put(
      key,
      database,
      `${ratio.toFixed(3)}${share === null ? "" : ` = ${share.toFixed(2)}×`} (${(lineSum / SLICES).toFixed(0)}/s)`,
      share === null ? null : share >= GROUP_SHARE && wrong === 0,
    );
  };
  const groupSample = await probe(
    `${base}/v1/availability?${new URLSearchParams({ service_id: group.serviceId, from: from.toISO()!, to: from.plus({ days: 62 }).toISO()! })}`,
    { headers: groupAuth },
  );
  console.log(
    `The class's availability over 62 days answers ${groupSample.data.reduce((sum: number, calendar: { slots: unknown[] }) => sum + calendar.slots.length, 0)} slots.`,
  );
  await groupLine("group62", {
    url: base,
    headers: groupAuth,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => {
          const { from: start, to: end } = newRange(from, 62, nextGroupRange++);
          return { ...request, path: `/v1/availability?${new URLSearchParams({ service_id: group.serviceId, from: start.toISO()!, to: end.toISO()! })}` };
        },
      },
    ],
  });
  await groupLine("groupCreate", {
    url: base,
    headers: { ...groupAuth, "Content-Type": "application/json" },
    requests: [{ method: "POST", path: "/v1/bookings", setupRequest: (request) => ({ ...request, body: seatBody() }) }],
  });
  const sorted = [...floorRates].sort((a, b) => a - b);
  if (sorted.length === 0) return;
  put("floor", database, `${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} (median slice; ${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)})`, null);
  console.log(`(${next} creations sent for ${seeded.creationStarts.length} free calendar slots)`);
}

/**
 * Every request says what Node's own fetch says it can read (the integrator's client; a
 * browser says "gzip, deflate, br, zstd"). The instance answers uncompressed whatever it says
 * (compression is the balancer's, docs/deploy.md). autocannon counts the bytes; it decodes nothing.
 */
export const CLIENT = { "Accept-Encoding": "gzip, deflate" };

const SLICE_SECONDS = 2;
const SLICES = Math.max(1, Math.round(DURATION_SECONDS / SLICE_SECONDS));

export function slice(options: Options, seconds: number): Promise<Result> {
  return autocannon({ ...options, connections: CONNECTIONS, timeout: 30, duration: seconds });
}

/**
 * One line after its warm-up, in SLICES slices alternating with slices of the floor: the sums of
 * both sides' rates (req/s), each floor slice's rate, and the answers neither expected.
 */
export async function besideFloor(options: Options, floorOptions: Options, status: 200 | 304 = 200) {
  await slice(options, WARMUP_SECONDS);
  let floorSum = 0;
  let lineSum = 0;
  let wrong = 0;
  const floors: number[] = [];
  for (let i = 0; i < SLICES; i++) {
    const floor = await slice(floorOptions, SLICE_SECONDS);
    const line = await slice(options, SLICE_SECONDS);
    floorSum += rate(floor);
    lineSum += rate(line);
    floors.push(rate(floor));
    wrong += unexpected(floor, 404) + unexpected(line, status);
  }
  return { floorSum, lineSum, floors, wrong };
}

/**
 * Requests answered per second over the slice. (autocannon's per-second average has no value for a
 * slice in which a slow line, such as a server-rendered page, completes nothing in some second.)
 */
function rate(result: Result): number {
  return result.duration > 0 ? result.requests.total / result.duration : 0;
}

/** Answers outside the expected status's class (the floor's is 404), errors and timeouts. */
function unexpected(result: Result, status: 200 | 304 | 404): number {
  const classes = { 200: "2xx", 304: "3xx", 404: "4xx" } as const;
  const others = (["1xx", "2xx", "3xx", "4xx", "5xx"] as const).filter((name) => name !== classes[status]);
  return result.errors + result.timeouts + others.reduce((sum, name) => sum + result[name], 0);
}

/** The ETag of an answer, which must then be 304 when sent back (a repeat that is not one is not measured). */
async function etagOf(url: string, headers: Record<string, string>): Promise<string> {
  const first = await fetch(url, { headers });
  await first.arrayBuffer();
  const etag = first.headers.get("etag");
  if (!first.ok || !etag) throw new Error(`GET ${url} answered ${first.status} with ETag ${etag}`);
  const again = await fetch(url, { headers: { ...headers, "If-None-Match": etag } });
  if (again.status !== 304) throw new Error(`GET ${url} with its ETag answered ${again.status}, not 304`);
  return etag;
}

/** One request that must succeed before its route is measured (a failing route is not a fast one). */
export async function probe(url: string, init: RequestInit): Promise<any> {
  const response = await fetch(url, init);
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}
