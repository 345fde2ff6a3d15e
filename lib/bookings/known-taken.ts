import { LRUCache } from "lru-cache";
import { AVAILABILITY_WORKSPACE_FIELDS, type AvailabilityWorkspace } from "@/lib/availability/get-availability";
import type { QuestionRow, ServiceRow } from "@/lib/db/schema";

/**
 * Starts this instance has just seen taken on every calendar of a service, so that the
 * losers of a race are refused without a query: a thousand creates on twenty slots are
 * twenty bookings and 980 refusals, and each refusal paid a statement and a calendar load.
 *
 * A refusal keeps the service and the workspace's questions its check read, so that a body
 * refused again is first checked exactly as before (service, payment, answers): the order of
 * errors does not depend on whether a refusal was kept.
 *
 * A refusal is served again only under the rule kept availability answers follow
 * (lib/availability/answer-cache.ts): (1) the request read the same availability revision
 * (with its key, before any data) as the request that loaded the calendars; every change to
 * what the check reads (bookings, hours, time off, calendars, services, questions) commits a
 * new revision, so the data are still what the check saw; and (2) the clock is still inside
 * the refusal's validity: from the instant it was decided until the next minute (min lead and
 * max advance move with the clock by whole minutes) or the first lapse of a live hold the
 * loaded calendars count as busy, whichever comes first. The key holds the workspace
 * settings the check depends on. The revision lives in the database, so a change on any
 * instance ends every instance's refusals; the exclusion constraint still decides every
 * create that gets past this.
 */
const MAX_ENTRIES = 10_000;
/** Kept rows are shared by the refusals of one check; the bound counts each entry's own rows anyway. */
const MAX_BYTES = 16 * 1024 * 1024;

/** What the refused create's body was checked against. */
export type TakenFacts = { service: ServiceRow; questions: QuestionRow[] };

type Entry = { revision: number; validFromMs: number; validUntilMs: number; facts: TakenFacts; bytes: number };

const refusals = new LRUCache<string, Entry>({ max: MAX_ENTRIES, maxSize: MAX_BYTES, sizeCalculation: (entry) => entry.bytes });

type Scope = { workspace: AvailabilityWorkspace; serviceId: string; startsAt: Date };

function keyOf({ workspace, serviceId, startsAt }: Scope): string {
  return JSON.stringify([...AVAILABILITY_WORKSPACE_FIELDS.map((field) => workspace[field]), serviceId, startsAt.getTime()]);
}

/**
 * The service and questions of a refusal of `startsAt` (taken on every calendar of the
 * service) found at this revision, while the clock has not left its validity; else undefined.
 */
export function knownTaken(scope: Scope, revision: number, nowMs: number): TakenFacts | undefined {
  const entry = refusals.get(keyOf(scope));
  if (entry === undefined || entry.revision !== revision || nowMs < entry.validFromMs || nowMs >= entry.validUntilMs) return undefined;
  return entry.facts;
}

/** Remembers a "taken on every calendar" found by a check that read its data after `revision` was read. */
export function rememberTaken(scope: Scope, entry: Omit<Entry, "bytes">): void {
  if (entry.validUntilMs <= entry.validFromMs) return;
  refusals.set(keyOf(scope), { ...entry, bytes: JSON.stringify(entry.facts).length * 2 });
}
