import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { externalCalendars } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { sealCredentials } from "@/lib/external-calendars/credentials";
import { readBusyIntervals } from "@/lib/external-calendars/read-busy-intervals";
import { replaceBusyTimes, toStoredBusy } from "@/lib/external-calendars/store-busy-times";
import { benchFeed } from "./feeds";
import { BENCH_ZONE, seedBenchWorkspace, type Seeded } from "./seed";

export const EXTERNAL_EVENTS_PER_CALENDAR = 500;
export const SYNC_FEED_EVENTS = 5_000;
const DAY_MS = 86_400_000;

async function addSource(db: Db, seeded: Seeded, staffId: string) {
  const [row] = await db
    .insert(externalCalendars)
    .values({
      workspaceId: seeded.workspaceId,
      staffId,
      kind: "ics",
      displayUrl: "https://calendar.example/….ics",
      credentialsSealed: sealCredentials({ url: "https://calendar.example/bench.ics" }),
    })
    .returning();
  if (!row) throw new Error("bench: no external calendar row");
  return row;
}

/**
 * The bench workspace's twin whose 10 calendars each hold an external calendar with 500 busy
 * intervals in the 62-day range (weekly series and single events from a Google-like feed,
 * expanded by the app's parser and stored as a sync stores them).
 */
export async function seedExternalWorkspace(db: Db): Promise<Seeded> {
  const seeded = await seedBenchWorkspace(db);
  for (const [index, staffId] of seeded.calendarIds.entries()) {
    const source = await addSource(db, seeded, staffId);
    const fromMs = seeded.firstDay.toMillis();
    const intervals = readBusyIntervals(benchFeed({ events: 400, from: seeded.firstDay, days: 62, seed: `calendar-${index}` }), {
      zone: BENCH_ZONE,
      fromMs,
      toMs: fromMs + 62 * DAY_MS,
    })
      .sort((a, b) => a.startMs - b.startMs)
      .slice(0, EXTERNAL_EVENTS_PER_CALENDAR);
    if (intervals.length < EXTERNAL_EVENTS_PER_CALENDAR) throw new Error(`the bench feed expanded to ${intervals.length} intervals only`);
    await withTransaction({ db }, async (tx) => replaceBusyTimes(tx, source, await toStoredBusy(tx, seeded.workspaceId, intervals)));
  }
  return seeded;
}

/**
 * The CPU a sync of a 5,000-event feed takes (1,000 weekly series begun up to a year ago,
 * 4,000 single events over the past two years and the next 90 days, as a Google export of a
 * busy calendar holds): parse and expand over the workspace's window (90 days), then store,
 * through the sync's own functions in this process (on the embedded database that includes
 * the database's work). Answers CPU milliseconds, wall milliseconds and intervals stored.
 */
export async function measureSyncCpu(db: Db, seeded: Seeded): Promise<{ cpuMs: number; wallMs: number; intervals: number }> {
  const [staffId] = seeded.calendarIds;
  if (!staffId) throw new Error("bench: no calendar");
  const source = await addSource(db, seeded, staffId);
  const text = benchFeed({ events: SYNC_FEED_EVENTS, from: seeded.firstDay, days: 90, historyDays: 730, seed: "sync" });
  const fromMs = seeded.firstDay.toMillis() - DAY_MS;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const intervals = readBusyIntervals(text, { zone: BENCH_ZONE, fromMs, toMs: fromMs + 91 * DAY_MS });
  const stored = await withTransaction({ db }, async (tx) => {
    const next = await toStoredBusy(tx, seeded.workspaceId, intervals);
    await replaceBusyTimes(tx, source, next);
    return next.length;
  });
  const used = process.cpuUsage(cpu);
  await db.delete(externalCalendars).where(eq(externalCalendars.id, source.id));
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started, intervals: stored };
}
