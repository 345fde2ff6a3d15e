import { and, asc, eq, inArray, is, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import { PgTransaction, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "@/lib/db/client";
import { oncePerHandle } from "@/lib/db/once-per-handle";
import { bookings, externalBusyTimes, serviceStaff, staff, timeOff, workingHours } from "@/lib/db/schema";
import type { CalendarInput, Interval, SessionInput, WeeklyBlock } from "./engine";

export type LoadCalendarsInput = {
  workspaceId: string;
  serviceId: string;
  /** Restrict to these calendars; all calendars offering the service when absent. */
  staffIds?: string[];
  /** Time off and bookings are loaded when they overlap [loadFrom, loadTo). */
  loadFrom: Date;
  loadTo: Date;
  now: Date;
  /** Removed from busy times: the booking being moved. */
  excludeBookingId?: string;
  /**
   * A group service (capacity above 1): its own bookings are loaded as sessions (start,
   * occupied range, seats taken), not as busy ranges (docs/group-sessions.md).
   */
  groupSessions?: boolean;
  /** Also count each calendar's occupying bookings that start in [from, to) (pickCandidateCalendars's fairness). */
  countStarting?: { from: Date; to: Date };
};

/**
 * The active calendars offering a service with their weekly hours, time off and busy
 * ranges, in creation order: ONE query whatever the range or the number of calendars
 * (never one per calendar, day or slot). Each calendar is one row whose hours and ranges
 * come aggregated as text: 2,000 bookings then cross the driver as ten short rows instead of
 * 2,000 rows of two timestamps, about 3× faster on the embedded database.
 */
export type LoadedCalendar = CalendarInput & {
  /**
   * When the first of this calendar's live holds in the loaded range lapses and frees its
   * time (null: none), rounded down to the millisecond: what was loaded stays true before it.
   */
  firstHoldLapseMs: number | null;
  /** With `countStarting`: the calendar's occupying bookings that start in that range. */
  bookingsStarting?: number;
};

export async function loadCalendars(db: Queryable, input: LoadCalendarsInput): Promise<LoadedCalendar[]> {
  const shape = shapeOf(input);
  const values = valuesOf(input);
  // Outside a transaction the statement of this shape is built once per handle; a
  // transaction is a handle of its own (drizzle cannot run a prepared query in it), so there
  // it is built for the call.
  const rows =
    shape.staff === "list" || is(db, PgTransaction)
      ? await selectCalendars(db, shape, values)
      : await preparedFor(db as Db, shape).execute(values as PlaceholderValues);
  return rows.map((row) => {
    const busy = parseBusy(row.busy);
    return {
      staffId: row.staffId,
      workingHours: parseBlocks(row.hours),
      timeOff: withExternalBusy(parseRanges(row.absences), row.externalBusy),
      busy: busy.ranges,
      firstHoldLapseMs: busy.firstHoldLapseMs,
      ...(row.starting === null ? {} : { bookingsStarting: Number(row.starting) }),
      ...(input.groupSessions ? { sessions: parseSessions(row.sessions) } : {}),
    };
  });
}

/**
 * What decides the statement's text: which calendars (all, one, or a list), a group service's
 * sessions, a booking left out, the count of starts. At most 16 shapes without a list; a list
 * (its length is in the text) is never prepared.
 */
type Shape = { staff: "all" | "one" | "list"; groupSessions: boolean; excluding: boolean; counting: boolean };

/** The statement's values: given now, or placeholders named as these keys. Instants as ISO text. */
type Values<V> = {
  workspaceId: V;
  serviceId: V;
  staffId: V;
  staffIds: string[];
  loadFrom: V;
  loadTo: V;
  now: V;
  excludeBookingId: V;
  countFrom: V;
  countTo: V;
};
type PlaceholderValues = Record<string, unknown>;

function shapeOf(input: LoadCalendarsInput): Shape {
  const staff = input.staffIds === undefined ? "all" : input.staffIds.length === 1 ? "one" : "list";
  return { staff, groupSessions: input.groupSessions === true, excluding: input.excludeBookingId !== undefined, counting: input.countStarting !== undefined };
}

function valuesOf(input: LoadCalendarsInput): Values<string> {
  return {
    workspaceId: input.workspaceId,
    serviceId: input.serviceId,
    staffId: input.staffIds?.[0] ?? "",
    staffIds: input.staffIds ?? [],
    loadFrom: input.loadFrom.toISOString(),
    loadTo: input.loadTo.toISOString(),
    now: input.now.toISOString(),
    excludeBookingId: input.excludeBookingId ?? "",
    countFrom: input.countStarting?.from.toISOString() ?? "",
    countTo: input.countStarting?.to.toISOString() ?? "",
  };
}

const PLACEHOLDERS: Values<Placeholder> = {
  workspaceId: sql.placeholder("workspaceId"),
  serviceId: sql.placeholder("serviceId"),
  staffId: sql.placeholder("staffId"),
  staffIds: [],
  loadFrom: sql.placeholder("loadFrom"),
  loadTo: sql.placeholder("loadTo"),
  now: sql.placeholder("now"),
  excludeBookingId: sql.placeholder("excludeBookingId"),
  countFrom: sql.placeholder("countFrom"),
  countTo: sql.placeholder("countTo"),
};

/** Each shape's statement, built once per handle with placeholders (building it cost more CPU than a create's check). */
const preparedFor = (db: Db, shape: Shape) => {
  const byShape = statementsOf(db);
  const key = `${shape.staff} ${shape.groupSessions} ${shape.excluding} ${shape.counting}`;
  let statement = byShape.get(key);
  if (!statement) byShape.set(key, (statement = selectCalendars(db, shape, PLACEHOLDERS).prepare(`load_calendars`)));
  return statement;
};
const statementsOf = oncePerHandle(() => new Map<string, ReturnType<ReturnType<typeof selectCalendars>["prepare"]>>());

function selectCalendars(db: Queryable, shape: Shape, v: Values<string | Placeholder>) {
  const { workspaceId } = v;
  const hours = sql<string | null>`(SELECT string_agg(${workingHours.weekday} || ' ' || ${workingHours.startMinute} || ' ' || ${workingHours.endMinute}, ' ')
    FROM ${workingHours} WHERE ${and(eq(workingHours.staffId, staff.id), eq(workingHours.workspaceId, workspaceId))})`;
  const absences = sql<string | null>`(SELECT ${aggregateRanges(timeOff.startsAt, timeOff.endsAt)} FROM ${timeOff}
    WHERE ${and(eq(timeOff.staffId, staff.id), eq(timeOff.workspaceId, workspaceId), before(timeOff.startsAt, v.loadTo), after(timeOff.endsAt, v.loadFrom))})`;
  // Busy times read from the calendar's external calendars block starts exactly as time off does (docs/external-calendars.md).
  const externalBusy = sql<string | null>`(SELECT ${aggregateRanges(externalBusyTimes.startsAt, externalBusyTimes.endsAt)} FROM ${externalBusyTimes}
    WHERE ${and(eq(externalBusyTimes.staffId, staff.id), eq(externalBusyTimes.workspaceId, workspaceId), before(externalBusyTimes.startsAt, v.loadTo), after(externalBusyTimes.endsAt, v.loadFrom))})`;
  const occupying = and(
    eq(bookings.staffId, staff.id),
    eq(bookings.workspaceId, workspaceId),
    overlapsOccupied(v.loadFrom, v.loadTo),
    isOccupying(v.now),
    shape.excluding ? ne(bookings.id, v.excludeBookingId) : undefined,
  );
  // A group service's own seats are its sessions (below); every other booking is busy as usual.
  const ownSeat = sql`(${bookings.sessionId} IS NOT NULL AND ${bookings.serviceId} = ${v.serviceId})`;
  const ranges = shape.groupSessions
    ? sql`${aggregateRanges(bookings.occupiedStart, bookings.occupiedEnd)} FILTER (WHERE NOT ${ownSeat})`
    : aggregateRanges(bookings.occupiedStart, bookings.occupiedEnd);
  // The same scan also finds the first live hold to lapse: "µs;ranges" (see parseBusy).
  const busy = sql<string>`(SELECT coalesce(${firstHoldLapse(v.now)}::text, '') || ';' || coalesce(${ranges}, '') FROM ${bookings}
    WHERE ${occupying})`;
  // "start occupiedStart occupiedEnd seats" per session, epoch µs (see parseSessions).
  const sessions = shape.groupSessions
    ? sql<
        string | null
      >`(SELECT string_agg(session, ' ') FROM (SELECT ${epochMicros(sql`min(${bookings.startsAt})`)} || ' ' || ${epochMicros(sql`min(${bookings.occupiedStart})`)} || ' ' || ${epochMicros(sql`max(${bookings.occupiedEnd})`)} || ' ' || count(*) AS session
        FROM ${bookings} WHERE ${and(occupying, ownSeat)} GROUP BY ${bookings.sessionId}) AS seats)`
    : sql<null>`null`;

  // A booking that starts in [from, to) occupies part of it, so the lookup goes through the
  // exclusion constraint's index like the busy ranges' (bounded by the range, not the calendar's history).
  const starting = shape.counting
    ? sql<number>`(SELECT count(*)::int FROM ${bookings} WHERE ${and(
        eq(bookings.staffId, staff.id),
        eq(bookings.workspaceId, workspaceId),
        overlapsOccupied(v.countFrom, v.countTo),
        isOccupying(v.now),
        sql`${bookings.startsAt} >= ${v.countFrom}::timestamptz`,
        before(bookings.startsAt, v.countTo),
      )})`
    : sql<null>`null`;

  const calendars = { all: undefined, one: eq(staff.id, v.staffId), list: inArray(staff.id, v.staffIds) }[shape.staff];
  return db
    .select({ staffId: staff.id, hours, absences, externalBusy, busy, starting, sessions })
    .from(staff)
    .innerJoin(serviceStaff, and(eq(serviceStaff.staffId, staff.id), eq(serviceStaff.serviceId, v.serviceId), eq(serviceStaff.workspaceId, workspaceId)))
    .where(and(eq(staff.workspaceId, workspaceId), eq(staff.active, true), calendars))
    .orderBy(asc(staff.createdAt), asc(staff.id));
}

/** An instant given as ISO text or bound later. */
type Instant = Date | string | Placeholder;
const asInstant = (value: Instant) => sql`${value instanceof Date ? value.toISOString() : value}::timestamptz`;
const before = (column: AnyPgColumn, value: Instant) => sql`${column} < ${asInstant(value)}`;
const after = (column: AnyPgColumn, value: Instant) => sql`${column} > ${asInstant(value)}`;

/**
 * A booking holds its calendar while confirmed or marked no-show, and while it is a hold
 * that has not lapsed (`hold_expires_at > now`): a lapsed hold is free even before the
 * background job flips it to `expired`. The status list matches the exclusion
 * constraint's, so PostgreSQL can use that index.
 */
export function isOccupying(now: Instant): SQL {
  return sql`(${bookings.status} IN ('pending', 'awaiting_payment', 'confirmed', 'no_show')
    AND (${bookings.status} IN ('confirmed', 'no_show') OR ${bookings.holdExpiresAt} IS NULL OR ${bookings.holdExpiresAt} > ${asInstant(now)}))`;
}

/**
 * The booking's occupied range meets [from, to): written as the exclusion constraint's own
 * expression (migration 0001), so with isOccupying's status list the lookup is that GiST
 * index's, bounded by the range. `occupied_start < to AND occupied_end > from` reads the
 * calendar's whole history before `to` instead: 5.9 ms against 0.02–0.12 ms for a calendar with five
 * years of bookings, on every table build and every create's check.
 */
export function overlapsOccupied(from: Instant, to: Instant): SQL {
  return sql`tstzrange(${bookings.occupiedStart}, ${bookings.occupiedEnd}, '[)') && tstzrange(${asInstant(from)}, ${asInstant(to)}, '[)')`;
}

/**
 * "start end start end …" in epoch microseconds. `date_part` computes in float8, several times
 * cheaper per row than `extract`'s numeric on the embedded database, and exact here: the
 * float is the microsecond count divided by 10⁶, so scaling back and rounding (the cast)
 * recovers that count for any instant before the year 2255.
 */
function aggregateRanges(start: AnyPgColumn, end: AnyPgColumn): SQL {
  return sql`string_agg((date_part('epoch', ${start}) * 1000000)::bigint || ' ' || (date_part('epoch', ${end}) * 1000000)::bigint, ' ')`;
}

/** The earliest expiry of the occupying holds among the aggregated rows, epoch µs. */
function firstHoldLapse(now: Instant): SQL {
  return sql`(min(date_part('epoch', ${bookings.holdExpiresAt}) * 1000000) FILTER (WHERE ${bookings.status} IN ('pending', 'awaiting_payment') AND ${bookings.holdExpiresAt} > ${asInstant(now)}))::bigint`;
}

function epochMicros(value: SQL): SQL {
  return sql`(date_part('epoch', ${value}) * 1000000)::bigint`;
}

function parseSessions(text: string | null): SessionInput[] {
  const numbers = text ? text.split(" ").map(Number) : [];
  const sessions: SessionInput[] = [];
  for (let i = 0; i + 3 < numbers.length; i += 4) {
    sessions.push({
      startMs: Math.round(numbers[i]! / 1000),
      occupied: { startMs: Math.floor(numbers[i + 1]! / 1000), endMs: Math.ceil(numbers[i + 2]! / 1000) },
      seatsTaken: numbers[i + 3]!,
    });
  }
  return sessions.sort((a, b) => a.startMs - b.startMs);
}

function parseBusy(text: string | null): { ranges: Interval[]; firstHoldLapseMs: number | null } {
  const [lapse = "", ranges = ""] = (text ?? ";").split(";");
  return { ranges: parseRanges(ranges || null), firstHoldLapseMs: lapse ? Math.floor(Number(lapse) / 1000) : null };
}

/** Time off and external busy times are one kind of interval to the engine: the calendar is away. */
function withExternalBusy(timeOff: Interval[], externalBusy: string | null): Interval[] {
  return externalBusy ? timeOff.concat(parseRanges(externalBusy)) : timeOff;
}

/** Microsecond pairs to millisecond ranges, start rounded down and end up: a range never shrinks. */
function parseRanges(text: string | null): Interval[] {
  const numbers = text ? text.split(" ").map(Number) : [];
  const ranges: Interval[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2) ranges.push({ startMs: Math.floor(numbers[i]! / 1000), endMs: Math.ceil(numbers[i + 1]! / 1000) });
  return ranges;
}

function parseBlocks(text: string | null): WeeklyBlock[] {
  const numbers = text ? text.split(" ").map(Number) : [];
  const blocks: WeeklyBlock[] = [];
  for (let i = 0; i + 2 < numbers.length; i += 3) blocks.push({ weekday: numbers[i]!, startMinute: numbers[i + 1]!, endMinute: numbers[i + 2]! });
  return blocks;
}
