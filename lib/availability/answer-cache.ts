import { and, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { services } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { ServiceRules } from "./engine";
import { assertRange, AVAILABILITY_WORKSPACE_FIELDS, type AvailabilityContext, type GetAvailabilityInput } from "./get-availability";
import { loadCalendarsKept } from "./kept-calendars";
import { readAvailabilityRevision } from "./revision";
import { isGroupService, isServiceBookable, takesNewBookings, toServiceRules } from "./service-rules";
import type { CalendarSlotBytes } from "./serialize";
import { answerFromSlotTable, answerWindow, buildSlotTable } from "./slot-table";
import { DAY_MS, MINUTE_MS } from "./zone-timeline";

/**
 * Availability answers cut from kept slot tables (slot-table.ts): for one service, every
 * calendar's slots over a stretch of starts, as JSON bytes. An answer whose allowed starts lie
 * inside the stretch is, per calendar, one run of the table's slots: two binary searches and a
 * copy. A booking page's next week, a range one minute later and the same range asked again
 * all cost that, not a new computation.
 *
 * A table serves only while (1) the workspace's availability revision, read before any data,
 * still has the value it was built at: every write to what availability reads (services
 * included) commits a new value (migration 0004); and (2) the clock is inside
 * [built at, first lapse of a hold it counts as busy). It is keyed by the service, the booking
 * left out (exclude_booking_id) and every workspace setting the answer depends on. Each
 * instance keeps its own tables, bounded in bytes; the revision lives in the database, so
 * every instance sees every change.
 */
const MAX_TABLE_BYTES = 24 * 1024 * 1024;
/** A table reaches this far around the range that asked for it, so nearby ranges share it. */
const WIDEN_BACK_MS = DAY_MS;
const WIDEN_ON_MS = 7 * DAY_MS;

type SlotTable = {
  /** This instance's number for the table: an answer's key (AvailabilityAnswer) names its table by it. */
  serial: number;
  revision: number;
  builtAtMs: number;
  validUntilMs: number;
  rules: ServiceRules;
  /** False when the service takes no booking of this kind: every calendar answers no slots. */
  offered: boolean;
  /** The stretch of starts the table holds, both ends included (empty when firstMs > lastMs). */
  firstMs: number;
  lastMs: number;
  calendars: CalendarSlotBytes[];
};

const tables = new LRUCache<string, SlotTable>({
  maxSize: MAX_TABLE_BYTES,
  sizeCalculation: (table, key) =>
    key.length + table.calendars.reduce((sum, calendar) => sum + calendar.head.length + calendar.bytes.length + 12 * calendar.starts.length + 100, 100),
});

let tablesBuilt = 0;

/**
 * GET /v1/availability's body ({ data: StaffSlots[] }) for one request, as pieces to write in
 * order, and a key that names exactly these bytes in this instance: the table they are cut
 * from and each calendar's run of its slots. A table never changes once built, so the same key
 * always names the same bytes (lib/http/kept-encoding.ts keeps them compressed by it); a range
 * whose start is now + min_lead, which moves every millisecond, keeps one key until a slot
 * drops out of it.
 */
export type AvailabilityAnswer = { key: string; pieces: Uint8Array[] };

export async function getAvailabilityJson({ ctx, input }: { ctx: AvailabilityContext; input: GetAvailabilityInput }): Promise<AvailabilityAnswer> {
  const fromMs = input.from.getTime();
  const toMs = input.to.getTime();
  assertRange(fromMs, toMs);
  const key = JSON.stringify([...AVAILABILITY_WORKSPACE_FIELDS.map((field) => ctx.workspace[field]), input.serviceId, input.excludeBookingId ?? null]);
  const revision = ctx.availabilityRevision ?? (await readAvailabilityRevision(ctx.db, ctx.workspace.id));
  const nowMs = ctx.clock.now().getTime();

  let table = tables.get(key);
  if (table && !(table.revision === revision && table.builtAtMs <= nowMs && nowMs < table.validUntilMs && covers(table, nowMs, fromMs, toMs))) {
    table = undefined;
  }
  if (!table) {
    table = await buildTable(ctx, input, revision, nowMs);
    tables.set(key, table);
  }
  const { pieces, runs } = answerFromSlotTable(table.calendars, answerWindow(table.rules, table.offered, nowMs, fromMs, toMs));
  return { key: `availability ${table.serial} ${runs}`, pieces };
}

/** Whether every start this request may be offered lies in the table's stretch. */
function covers(table: SlotTable, nowMs: number, fromMs: number, toMs: number): boolean {
  const window = answerWindow(table.rules, table.offered, nowMs, fromMs, toMs);
  return window === null || (table.firstMs <= window.firstMs && window.lastMs <= table.lastMs);
}

/**
 * Two queries: the service, then its calendars with their hours, time off and busy ranges
 * over the stretch (or a kept load that covers it, kept-calendars.ts).
 */
async function buildTable(ctx: AvailabilityContext, input: GetAvailabilityInput, revision: number, nowMs: number): Promise<SlotTable> {
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
  // Load what can touch a start of the stretch: its occupied range reaches back by the buffer
  // before and forward by the duration and the buffer after.
  const anchorMs = window ? firstMs : input.from.getTime();
  const loadFrom = new Date(anchorMs - rules.bufferBeforeMinutes * MINUTE_MS);
  const loadTo = new Date((window ? lastMs : anchorMs) + (rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE_MS);
  const load = {
    workspaceId: ctx.workspace.id,
    serviceId: service.id,
    loadFrom,
    loadTo,
    now: new Date(nowMs),
    excludeBookingId: input.excludeBookingId,
    groupSessions: isGroupService(service),
  };
  const loaded = await loadCalendarsKept(ctx.db, load, revision);
  const validUntilMs = Math.min(...loaded.map((calendar) => calendar.firstHoldLapseMs ?? Infinity));
  const { timezone, slotIntervalMinutes } = ctx.workspace;
  const calendars = buildSlotTable({ rules, timezone, slotIntervalMinutes, calendars: loaded, firstMs, lastMs });
  return { serial: ++tablesBuilt, revision, builtAtMs: nowMs, validUntilMs, rules, offered, firstMs, lastMs, calendars };
}
