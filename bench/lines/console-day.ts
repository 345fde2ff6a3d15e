import type { Options } from "autocannon";
import type { SeededConsoleDay } from "../console-day";
import type { SeededBookings } from "../seed";
import { CONSOLE_DAY_SHARE, put, WARMUP_SECONDS, type Database } from "../table";
import { besideFloor, CLIENT, probe, slice } from "./throughput";

/**
 * The console's day view of a day with 200 bookings on 10 calendars (`GET /console/{id}/bookings`,
 * server-rendered, signed in) against `GET /v1/bookings` for the same day: each as a ratio to the
 * floor, then the day view as a share of the API's read (the issue: its server time within 2×).
 */
export async function measureConsoleDay(database: Database, base: string, seeded: SeededBookings, day: SeededConsoleDay) {
  const api: Options = {
    url: `${base}/v1/bookings?${new URLSearchParams({ from: day.from, to: day.to, limit: "100" })}`,
    headers: { ...CLIENT, Authorization: `Bearer ${seeded.secretKey}` },
  };
  const page: Options = {
    url: `${base}/console/${seeded.workspaceId}/bookings?${new URLSearchParams({ view: "day", date: day.date })}`,
    headers: { ...CLIENT, Cookie: `console_session=${day.sessionToken}` },
  };
  // Both must answer what they are measured for: the API its page of the day, the console the signed-in day.
  const listed = await probe(api.url, { headers: api.headers });
  if (listed.data.length !== 100) throw new Error(`GET /v1/bookings for the day answered ${listed.data.length} bookings, not a full page of 100`);
  const html = await fetch(page.url, { headers: page.headers, redirect: "manual" });
  const text = await html.text();
  if (html.status !== 200 || !text.includes("Day customer")) throw new Error(`the console's day view answered ${html.status} without the day's bookings`);

  const floorOptions: Options = { url: `${base}/v1/bench-floor`, headers: CLIENT };
  await slice(floorOptions, WARMUP_SECONDS);
  const apiRun = await besideFloor(api, floorOptions);
  const apiRatio = apiRun.lineSum / apiRun.floorSum;
  const pageRun = await besideFloor(page, floorOptions);
  const pageRatio = pageRun.lineSum / pageRun.floorSum;
  const share = pageRatio / apiRatio;
  const wrong = apiRun.wrong + pageRun.wrong;
  console.log(
    `  consoleDay   ${pageRatio.toFixed(3)} of the floor; GET /v1/bookings for the day ${apiRatio.toFixed(3)}: the day view ${share.toFixed(2)} × the API${wrong ? `  ${wrong} unexpected answers` : ""}`,
  );
  put("consoleDay", database, `${share.toFixed(2)}× the API (${pageRatio.toFixed(3)} / ${apiRatio.toFixed(3)})`, share >= CONSOLE_DAY_SHARE && wrong === 0);
}
