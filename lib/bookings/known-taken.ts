import { LRUCache } from "lru-cache";
import { AVAILABILITY_WORKSPACE_FIELDS, type AvailabilityWorkspace } from "@/lib/availability/get-availability";

/**
 * Starts this instance has just seen taken on every calendar of a service, so that the
 * losers of a race are refused without loading the calendars again: a thousand creates on
 * twenty slots are twenty bookings and 980 refusals, and each refusal paid a calendar load.
 *
 * A refusal is served again only under the rule kept availability answers follow
 * (lib/availability/answer-cache.ts): (1) the request read the same availability revision
 * (with its key, before any data) as the request that loaded the calendars; every change to
 * what the check reads (bookings, hours, time off, calendars, services) commits a new
 * revision, so the data are still what the check saw; and (2) the clock is still inside the
 * refusal's validity: from the instant it was decided until the next minute (min lead and
 * max advance move with the clock by whole minutes) or the first lapse of a live hold the
 * loaded calendars count as busy, whichever comes first. The key holds the workspace
 * settings the check depends on. The revision lives in the database, so a change on any
 * instance ends every instance's refusals; the exclusion constraint still decides every
 * create that gets past this.
 */
const MAX_ENTRIES = 10_000;

type Entry = { revision: number; validFromMs: number; validUntilMs: number };

const refusals = new LRUCache<string, Entry>({ max: MAX_ENTRIES });

type Scope = { workspace: AvailabilityWorkspace; serviceId: string; startsAt: Date };

function keyOf({ workspace, serviceId, startsAt }: Scope): string {
  return JSON.stringify([...AVAILABILITY_WORKSPACE_FIELDS.map((field) => workspace[field]), serviceId, startsAt.getTime()]);
}

/** True when `startsAt` was found taken on every calendar of the service at this revision, and the clock has not left that answer's validity. */
export function isKnownTaken(scope: Scope, revision: number, nowMs: number): boolean {
  const entry = refusals.get(keyOf(scope));
  return entry !== undefined && entry.revision === revision && entry.validFromMs <= nowMs && nowMs < entry.validUntilMs;
}

/** Remembers a "taken on every calendar" found by a check that read its data after `revision` was read. */
export function rememberTaken(scope: Scope, entry: Entry): void {
  if (entry.validUntilMs > entry.validFromMs) refusals.set(keyOf(scope), entry);
}
