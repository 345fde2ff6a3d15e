import { performance } from "node:perf_hooks";
import { RACE_SLOTS, type SeededRace } from "../seed";
import { put, RACE_P99_GOAL_MS, type Database } from "../table";
import { probe } from "./throughput";

const RACE_CREATES = Number(process.env.BENCH_RACE_CREATES ?? 1000);

/** RACE_CREATES creates at once over the race workspace's 20 slots; then reads back what was booked. */
export async function runRace(database: Database, base: string, seeded: SeededRace) {
  const headers = { Authorization: `Bearer ${seeded.secretKey}`, "Content-Type": "application/json" };
  const answers = await Promise.all(
    Array.from({ length: RACE_CREATES }, async (_, i) => {
      const body = JSON.stringify({
        service_id: seeded.serviceId,
        starts_at: seeded.starts[i % seeded.starts.length],
        customer: { name: `Racer ${i}`, email: `racer-${i}@bench.example` },
      });
      const sent = performance.now();
      try {
        const response = await fetch(`${base}/v1/bookings`, { method: "POST", headers, body });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - sent };
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        return { status: 0, ms: performance.now() - sent, failure: cause?.code ?? String(error) };
      }
    }),
  );
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!;
  const count = (test: (status: number) => boolean) => answers.filter((answer) => test(answer.status)).length;
  const fiveXx = count((status) => status >= 500 || status === 0);
  const failures = new Map<string, number>();
  for (const answer of answers) {
    const reason = answer.status === 0 ? `failed: ${"failure" in answer ? answer.failure : "?"}` : answer.status >= 500 ? `status ${answer.status}` : "";
    if (reason) failures.set(reason, (failures.get(reason) ?? 0) + 1);
  }
  if (failures.size > 0) console.log(`  race failures: ${[...failures].map(([reason, n]) => `${n} ${reason}`).join(", ")}`);
  const list = await probe(`${base}/v1/bookings?limit=100`, { headers });
  const live = (list.data as { starts_at: string; status: string }[]).filter((booking) =>
    ["pending", "awaiting_payment", "confirmed", "no_show"].includes(booking.status),
  );
  const perStart = new Map<number, number>();
  for (const booking of live) perStart.set(Date.parse(booking.starts_at), (perStart.get(Date.parse(booking.starts_at)) ?? 0) + 1);
  const doubles = [...perStart.values()].filter((n) => n > 1).length;
  console.log(
    `  race: ${count((status) => status === 201)} created, ${count((status) => status === 409)} refused (409), ${fiveXx} 5xx or failed; ${live.length} live bookings on ${perStart.size} starts; p50 ${(times[Math.floor(times.length / 2)]! / 1000).toFixed(2)} s, p99 ${(p99 / 1000).toFixed(2)} s`,
  );
  const p99Goal = RACE_P99_GOAL_MS[database];
  put(
    "race",
    database,
    `p99 ${(p99 / 1000).toFixed(2)} s, ${doubles} double, ${fiveXx} 5xx`,
    doubles === 0 && fiveXx === 0 && live.length === RACE_SLOTS && (p99Goal === null || p99 <= p99Goal),
  );
}
