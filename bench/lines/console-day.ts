import type { Options } from "autocannon";
import { DAY_BOOKINGS, type SeededConsoleDay } from "../console-day";
import type { SeededBookings } from "../seed";
import { CONSOLE_DAY_SHARE, put, WARMUP_SECONDS, type Database } from "../table";
import { besideFloor, CLIENT, probe, slice } from "./throughput";

/**
 * The console's day view of a day with 200 bookings on 10 calendars (`GET /console/{id}/bookings`,
 * server-rendered, signed in) against `GET /v1/bookings` for the same day (its two pages of 100):
 * each as days read per second over the floor, then the day view as a share of the API's read
 * (the issue: its server time within 2×).
 */
export async function measureConsoleDay(database: Database, base: string, seeded: SeededBookings, day: SeededConsoleDay) {
  // The API answers 100 bookings a page: the day is its two pages, the second from the first's cursor.
  const apiHeaders = { ...CLIENT, Authorization: `Bearer ${seeded.secretKey}` };
  const firstPage = `/v1/bookings?${new URLSearchParams({ from: day.from, to: day.to, limit: "100" })}`;
  const listed = await probe(base + firstPage, { headers: apiHeaders });
  const secondPage = `${firstPage}&${new URLSearchParams({ cursor: String(listed.next_cursor) })}`;
  const rest = await probe(base + secondPage, { headers: apiHeaders });
  if (listed.data.length + rest.data.length !== DAY_BOOKINGS || rest.next_cursor !== null)
    throw new Error(`GET /v1/bookings for the day answered ${listed.data.length} + ${rest.data.length} bookings, not the day's ${DAY_BOOKINGS}`);
  const api: Options = {
    url: base,
    headers: apiHeaders,
    requests: [
      { method: "GET", path: firstPage },
      { method: "GET", path: secondPage },
    ],
  };
  const page: Options = {
    url: `${base}/console/${seeded.workspaceId}/bookings?${new URLSearchParams({ view: "day", date: day.date })}`,
    headers: { ...CLIENT, Cookie: `console_session=${day.sessionToken}` },
  };
  // The console must answer the signed-in day, not a redirect to sign in.
  const html = await fetch(page.url, { headers: page.headers, redirect: "manual" });
  const text = await html.text();
  if (html.status !== 200 || !text.includes("Day customer")) throw new Error(`the console's day view answered ${html.status} without the day's bookings`);

  const floorOptions: Options = { url: `${base}/v1/bench-floor`, headers: CLIENT };
  await slice(floorOptions, WARMUP_SECONDS);
  const apiRun = await besideFloor(api, floorOptions);
  // Days read per second: two requests make one.
  const apiRatio = apiRun.lineSum / 2 / apiRun.floorSum;
  const pageRun = await besideFloor(page, floorOptions);
  const pageRatio = pageRun.lineSum / pageRun.floorSum;
  const share = pageRatio / apiRatio;
  const wrong = apiRun.wrong + pageRun.wrong;
  console.log(
    `  consoleDay   ${pageRatio.toFixed(3)} of the floor; GET /v1/bookings for the day (two pages) ${apiRatio.toFixed(3)}: the day view ${share.toFixed(2)} × the API${wrong ? `  ${wrong} unexpected answers` : ""}`,
  );
  put("consoleDay", database, `${share.toFixed(2)}× the API (${pageRatio.toFixed(3)} / ${apiRatio.toFixed(3)})`, share >= CONSOLE_DAY_SHARE && wrong === 0);
}
