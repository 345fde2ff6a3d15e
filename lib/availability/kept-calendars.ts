import { LRUCache } from "lru-cache";
import { loadCalendars, type LoadCalendarsInput, type LoadedCalendar } from "./load-calendars";
import { DAY_MS } from "./zone-timeline";

/**
 * What availability loads (hours, time off, busy ranges of the calendars offering a service),
 * kept per instance for the next range of the same service: a booking page that moves to the
 * next week, or asks from a later minute, then costs the engine only. Kept under the same rule
 * as the kept slot tables (answer-cache.ts): an entry is used only while the workspace's
 * availability revision, read before any data, still has the value it was loaded at, and
 * while the clock is inside [loaded at, first lapse of a hold it counts as busy); and only for
 * a load window inside the one it holds. Loads are widened (a day back, a week on) so that
 * nearby ranges share them; rows outside a range change nothing in its answer.
 */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;
const WIDEN_BACK_MS = DAY_MS;
const WIDEN_ON_MS = 7 * DAY_MS;

type Entry = { revision: number; loadedAtMs: number; validUntilMs: number; fromMs: number; toMs: number; calendars: LoadedCalendar[] };

const kept = new LRUCache<string, Entry>({
  maxSize: MAX_KEPT_BYTES,
  // About 40 bytes per interval and block, plus the row itself.
  sizeCalculation: (entry) =>
    200 + entry.calendars.reduce((sum, calendar) => sum + 200 + 40 * (calendar.busy.length + calendar.timeOff.length + calendar.workingHours.length), 0),
});

/** loadCalendars for availability; `revision` is the workspace's, read before this call. */
export async function loadCalendarsKept(db: Parameters<typeof loadCalendars>[0], input: LoadCalendarsInput, revision: number): Promise<LoadedCalendar[]> {
  const key = JSON.stringify([input.workspaceId, input.serviceId, input.staffIds ?? null, input.excludeBookingId ?? null, input.groupSessions ?? false]);
  const nowMs = input.now.getTime();
  const entry = kept.get(key);
  if (
    entry &&
    entry.revision === revision &&
    entry.loadedAtMs <= nowMs &&
    nowMs < entry.validUntilMs &&
    entry.fromMs <= input.loadFrom.getTime() &&
    input.loadTo.getTime() <= entry.toMs
  ) {
    return entry.calendars;
  }
  const fromMs = input.loadFrom.getTime() - WIDEN_BACK_MS;
  const toMs = input.loadTo.getTime() + WIDEN_ON_MS;
  const calendars = await loadCalendars(db, { ...input, loadFrom: new Date(fromMs), loadTo: new Date(toMs) });
  const validUntilMs = Math.min(...calendars.map((calendar) => calendar.firstHoldLapseMs ?? Infinity));
  kept.set(key, { revision, loadedAtMs: nowMs, validUntilMs, fromMs, toMs, calendars });
  return calendars;
}
