import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Cache, isFresh } from "@/lib/cache/cache";
import { services } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { ServiceRules } from "./engine";
import { assertRange, AVAILABILITY_WORKSPACE_FIELDS, type AvailabilityContext, type GetAvailabilityInput } from "./get-availability";
import { loadCalendars, type LoadCalendarsInput } from "./load-calendars";
import { calendarRevision, readAvailabilityRevision, type AvailabilityRevision } from "./revision";
import { isGroupService, isServiceBookable, takesNewBookings, toServiceRules } from "./service-rules";
import type { CalendarSlotBytes } from "./serialize";
import { answerFromSlotTable, answerWindow, buildSlotTable } from "./slot-table";
import { DAY_MS, MINUTE_MS } from "./zone-timeline";

/**
 * Availability answers cut from cached slot tables (slot-table.ts): for one service, every
 * calendar's slots over a stretch of starts, as JSON bytes. An answer whose allowed starts lie
 * inside the stretch is, per calendar, one run of the table's slots: two binary searches and a
 * copy. A booking page's next week, a range one minute later and the same range asked again
 * all cost that, not a new computation.
 *
 * Two grains, each under the one cache rule (lib/cache/cache.ts):
 * - the table, keyed by the service, the booking left out (exclude_booking_id) and every
 *   workspace setting the answer depends on, serves while the workspace's revision (services,
 *   calendars, their links) is the one it was built at and the clock has not gone back;
 * - each calendar's part serves while that calendar's revision (its bookings, hours, time off,
 *   external busy times) is unchanged and the clock is before the first lapse of a hold it
 *   counts as busy. A stale part is computed again whole, alone: a booking on one calendar
 *   costs the next answer one load of that calendar over the table's stretch, and every other
 *   calendar's part keeps serving.
 *
 * A calendar's slots depend only on the service's rules, the workspace's settings and that
 * calendar's own data (engine.ts), so a table whose parts were computed at different instants
 * answers exactly as one computed now; answer-cache.property.test.ts holds it against the
 * engine over random writes.
 */
const MAX_TABLE_BYTES = 24 * 1024 * 1024;
/** A table reaches this far around the range that asked for it, so nearby ranges share it. */
const WIDEN_BACK_MS = DAY_MS;
const WIDEN_ON_MS = 7 * DAY_MS;

type CalendarPart = { staffId: string; slots: CalendarSlotBytes; revision: string; validFromMs: number; validUntilMs: number };

type SlotTable = {
  /** This instance's number for the table: a renewal under way names its table by it. */
  serial: number;
  rules: ServiceRules;
  /** False when the service takes no booking of this kind: every calendar answers no slots. */
  offered: boolean;
  /** The stretch of starts the table holds, both ends included (empty when firstMs > lastMs). */
  firstMs: number;
  lastMs: number;
  /** What a part is loaded with: every range that can touch a start of the stretch. */
  load: Omit<LoadCalendarsInput, "now" | "staffIds">;
  parts: CalendarPart[];
};

const tables = new Cache<SlotTable>({
  maxBytes: MAX_TABLE_BYTES,
  sizeOf: (table, key) =>
    key.length + table.parts.reduce((sum, { slots }) => sum + slots.head.length + slots.bytes.length + 12 * slots.starts.length + 150, 100),
});
/** Renewals under way, so that the requests that meet one stale part wait for one load of it. */
const renewing = new Map<string, Promise<SlotTable>>();

let tablesBuilt = 0;

/**
 * GET /v1/availability's body ({ data: StaffSlots[] }) for one request, as pieces to write in
 * order (views into a kept slot table, never copied), and its strong entity tag.
 *
 * The tag is a digest of what the bytes are a function of, never of the bytes themselves
 * (hashing a megabyte per answer would cost as much as cutting it): the service, the booking
 * left out, the workspace's settings and revision, and per calendar its revision, the first
 * lapse of a hold it still counts as busy (the parts' `validUntilMs`: two parts of one
 * revision whose holds lapsed differently differ there) and the starts of the first and last
 * slot of its run. Two answers with one tag, from any instance, are the same bytes; a range one
 * minute later that holds the same slots has the same tag.
 */
export type AvailabilityAnswer = { etag: string; pieces: Uint8Array[] };

export async function getAvailabilityJson({ ctx, input }: { ctx: AvailabilityContext; input: GetAvailabilityInput }): Promise<AvailabilityAnswer> {
  const fromMs = input.from.getTime();
  const toMs = input.to.getTime();
  assertRange(fromMs, toMs);
  const key = JSON.stringify([...AVAILABILITY_WORKSPACE_FIELDS.map((field) => ctx.workspace[field]), input.serviceId, input.excludeBookingId ?? null]);
  const revision = ctx.availabilityRevision ?? (await readAvailabilityRevision(ctx.db, ctx.workspace.id));
  const nowMs = ctx.clock.now().getTime();

  let table = tables.get(key, String(revision.workspace), nowMs);
  if (table && !covers(table, nowMs, fromMs, toMs)) table = undefined;
  if (!table) {
    table = await buildTable(ctx, input, revision, nowMs);
    tables.set(key, { value: table, revision: String(revision.workspace), validFromMs: nowMs, validUntilMs: Infinity });
  } else {
    const stale = table.parts.filter((part) => !isFresh(part, calendarRevision(revision, part.staffId), nowMs));
    if (stale.length > 0) {
      table = await renewOnce(ctx, key, table, stale, revision, nowMs);
    }
  }
  const { pieces, runs } = answerFromSlotTable(
    table.parts.map((part) => part.slots),
    answerWindow(table.rules, table.offered, nowMs, fromMs, toMs),
  );
  const named = JSON.stringify([key, revision.workspace, table.parts.map((part, i) => [part.staffId, part.revision, part.validUntilMs, runs[i]])]);
  return { etag: `"${createHash("sha256").update(named).digest("base64url").slice(0, 32)}"`, pieces };
}

/** Whether every start this request may be offered lies in the table's stretch. */
function covers(table: SlotTable, nowMs: number, fromMs: number, toMs: number): boolean {
  const window = answerWindow(table.rules, table.offered, nowMs, fromMs, toMs);
  return window === null || (table.firstMs <= window.firstMs && window.lastMs <= table.lastMs);
}

/**
 * Two queries: the service, then its calendars with their hours, time off and busy ranges
 * over the stretch.
 */
async function buildTable(ctx: AvailabilityContext, input: GetAvailabilityInput, revision: AvailabilityRevision, nowMs: number): Promise<SlotTable> {
  const [service] = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.id, input.serviceId), eq(services.workspaceId, ctx.workspace.id)));
  if (!service || !service.active) throw notFound("service");
  const rules = toServiceRules(service);
  // Slots for a new booking only when one could be made (a paid service needs a payment the
  // workspace can take); moving a booking (exclude_booking_id) takes no new payment.
  const offered = input.excludeBookingId ? isServiceBookable(service) : takesNewBookings(service, ctx.workspace);
  const window = answerWindow(rules, offered, nowMs, input.from.getTime(), input.to.getTime());
  // No start before now + min_lead is ever offered again (the clock only moves on while the table serves).
  const firstMs = window ? Math.max(window.firstMs - WIDEN_BACK_MS, nowMs + rules.minLeadMinutes * MINUTE_MS) : Infinity;
  const lastMs = window ? window.lastMs + WIDEN_ON_MS : -Infinity;
  const anchorMs = window ? firstMs : input.from.getTime();
  const load = {
    workspaceId: ctx.workspace.id,
    serviceId: service.id,
    ...reachOf(rules, anchorMs, window ? lastMs : anchorMs),
    excludeBookingId: input.excludeBookingId,
    groupSessions: isGroupService(service),
  };
  const table = { serial: ++tablesBuilt, rules, offered, firstMs, lastMs, load, parts: [] };
  return { ...table, parts: await computeParts(ctx, table, undefined, revision, nowMs) };
}

/**
 * The table with its stale parts loaded and computed again: one load per part however many
 * requests meet it at once. A request that joined a renewal begun at another instant renews
 * again unless every part is fresh for its own clock too.
 */
async function renewOnce(
  ctx: AvailabilityContext,
  key: string,
  table: SlotTable,
  stale: CalendarPart[],
  revision: AvailabilityRevision,
  nowMs: number,
): Promise<SlotTable> {
  const renewal = JSON.stringify([key, table.serial, stale.map((part) => [part.staffId, calendarRevision(revision, part.staffId)])]);
  const joined = renewing.get(renewal);
  if (joined) {
    const renewed = await joined;
    if (renewed.parts.every((part) => isFresh(part, calendarRevision(revision, part.staffId), nowMs))) return renewed;
    return renew(ctx, table, stale, revision, nowMs);
  }
  const pending = renew(ctx, table, stale, revision, nowMs);
  renewing.set(renewal, pending);
  try {
    const renewed = await pending;
    const current = tables.peek(key);
    if (current?.value === table) tables.set(key, { ...current, value: renewed });
    return renewed;
  } finally {
    renewing.delete(renewal);
  }
}

/** The table with its stale parts computed again whole (one load for all of them). */
async function renew(ctx: AvailabilityContext, table: SlotTable, stale: CalendarPart[], revision: AvailabilityRevision, nowMs: number): Promise<SlotTable> {
  const loaded = await computeParts(
    ctx,
    table,
    stale.map((part) => part.staffId),
    revision,
    nowMs,
  );
  // A calendar that stopped offering the service since the workspace's revision was read:
  // the whole table is computed again (and the next request, reading the new revision, builds anew).
  if (loaded.length !== stale.length) {
    return { ...table, serial: ++tablesBuilt, parts: await computeParts(ctx, table, undefined, revision, nowMs) };
  }
  const renewed = new Map(loaded.map((part) => [part.staffId, part]));
  return { ...table, serial: ++tablesBuilt, parts: table.parts.map((part) => renewed.get(part.staffId) ?? part) };
}

/**
 * What can touch a start in [firstMs, lastMs]: its occupied range reaches back by the buffer
 * before and on by the duration and the buffer after.
 */
function reachOf(rules: ServiceRules, firstMs: number, lastMs: number): { loadFrom: Date; loadTo: Date } {
  return {
    loadFrom: new Date(firstMs - rules.bufferBeforeMinutes * MINUTE_MS),
    loadTo: new Date(lastMs + (rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE_MS),
  };
}

/** Loads the calendars (all, or `staffIds`) over the table's stretch and computes their slots. */
async function computeParts(
  ctx: AvailabilityContext,
  table: Omit<SlotTable, "parts">,
  staffIds: string[] | undefined,
  revision: AvailabilityRevision,
  nowMs: number,
): Promise<CalendarPart[]> {
  const loaded = await loadCalendars(ctx.db, { ...table.load, now: new Date(nowMs), ...(staffIds ? { staffIds } : {}) });
  const { timezone, slotIntervalMinutes } = ctx.workspace;
  const bytes = buildSlotTable({ rules: table.rules, timezone, slotIntervalMinutes, calendars: loaded, firstMs: table.firstMs, lastMs: table.lastMs });
  // buildSlotTable answers one entry per calendar, in order.
  return loaded.flatMap((calendar, i) => {
    const slots = bytes[i];
    if (!slots) return [];
    const validUntilMs = calendar.firstHoldLapseMs ?? Infinity;
    return [{ staffId: calendar.staffId, slots, revision: calendarRevision(revision, calendar.staffId), validFromMs: nowMs, validUntilMs }];
  });
}
