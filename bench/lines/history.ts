import type { Options } from "autocannon";
import type { SeededBookings } from "../seed";
import { newRange } from "../ranges";
import { HISTORY_SHARE, measuredRatios, put, WARMUP_SECONDS, type Database } from "../table";
import { besideFloor, CLIENT, probe, slice } from "./throughput";

/** Each history line and the small seed's line of the same run it is held against. */
export const HISTORY_LINES = ["historyCreate", "history7"] as const;
const AGAINST = { historyCreate: "create", history7: "fresh7" } as const;

/**
 * The bench's create and 7-day read on the workspace with two years of history (bench/history.ts),
 * each as a ratio to this server's own floor, then as a share of the same line on the small seed.
 */
export async function measureHistory(database: Database, base: string, seeded: SeededBookings) {
  const auth = { ...CLIENT, Authorization: `Bearer ${seeded.secretKey}` };
  const json = { ...auth, "Content-Type": "application/json" };
  let next = 0;
  const creationBody = () => {
    const i = next++;
    return JSON.stringify({
      service_id: seeded.serviceId,
      starts_at: seeded.creationStarts[i % seeded.creationStarts.length],
      customer: { name: `History ${i}`, email: `history-new-${i}@bench.example` },
    });
  };
  let sent = 0;
  const rangePath = () => {
    const { from, to } = newRange(seeded.firstDay, 7, sent++);
    return `/v1/availability?${new URLSearchParams({ service_id: seeded.serviceId, from: from.toJSDate().toISOString(), to: to.toJSDate().toISOString() })}`;
  };
  await probe(base + rangePath(), { headers: auth });
  await probe(base + "/v1/bookings", { method: "POST", headers: json, body: creationBody() });
  const floorOptions: Options = { url: base + "/v1/bench-floor", headers: CLIENT };
  await slice(floorOptions, WARMUP_SECONDS);

  const lines: Record<(typeof HISTORY_LINES)[number], Options> = {
    historyCreate: {
      url: base,
      headers: json,
      requests: [{ method: "POST", path: "/v1/bookings", setupRequest: (request) => ({ ...request, body: creationBody() }) }],
    },
    history7: { url: base, headers: auth, requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: rangePath() }) }] },
  };
  for (const key of HISTORY_LINES) {
    const { floorSum, lineSum, wrong } = await besideFloor(lines[key], floorOptions);
    const ratio = lineSum / floorSum;
    const small = measuredRatios.get(AGAINST[key]);
    const share = small === undefined ? null : ratio / small;
    console.log(
      `  ${key.padEnd(13)} ${ratio.toFixed(3)} of its floor${share === null ? ` (${AGAINST[key]} not measured)` : ` = ${share.toFixed(2)} × ${AGAINST[key]}`}${wrong ? `  ${wrong} unexpected answers` : ""}`,
    );
    put(key, database, `${ratio.toFixed(3)}${share === null ? "" : ` = ${share.toFixed(2)}×`}`, share === null ? null : share >= HISTORY_SHARE && wrong === 0);
  }
}
