import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { computeAvailability } from "@/lib/availability/engine";
import { loadCalendars } from "@/lib/availability/load-calendars";
import { readAvailabilityRevision } from "@/lib/availability/revision";
import { toAvailabilityJson } from "@/lib/availability/serialize";
import { isGroupService, takesNewBookings, toServiceRules } from "@/lib/availability/service-rules";
import { bookings, services, serviceStaff, timeOff, workspaces } from "@/lib/db/schema";
import { fixedClock } from "@/lib/time/clock";
import { newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { addCalendar, addService, offerService, seedBooking, setWorkingHours, type Block } from "../helpers/factories";

/**
 * The cached answer (lib/availability/answer-cache.ts) against the engine over freshly loaded
 * data, after every burst of writes of a random sequence: bookings, cancellations, lapsing
 * holds, time off, weekly hours (each moving one calendar's revision), a calendar joining or
 * leaving the service and the service's own rules (moving the workspace's), and the clock
 * moving on. A burst of up to six writes between two reads makes a stale part meet several
 * moves of its calendar, more than the revisions row lists (four) included, so each way a part
 * is renewed (busy time added with no query, the touched starts computed again, the whole
 * calendar) is held against the engine, with buffers either side. The cache is asked as the
 * API asks it: the revisions read first, then the data.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Monday June 10th 2030, midnight in New York. */
const FIRST_DAY_MS = Date.parse("2030-06-10T00:00:00-04:00");
const CALENDARS = 3;

const db = () => currentDb().db;

type World = { ws: TestWorkspace; serviceId: string; calendarIds: string[]; nowMs: number };

const calendarIndex = fc.integer({ min: 0, max: CALENDARS - 1 });
/**
 * A start on the 15-minute grid between 8:00 and 18:00 on one of the first six days, now and
 * then off it by up to a minute (a write from outside the API: the times a move records are
 * rounded as the loader rounds them).
 */
const instant = fc
  .record({
    day: fc.integer({ min: 0, max: 5 }),
    quarter: fc.integer({ min: 32, max: 72 }),
    offMs: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -MINUTE_MS + 1, max: MINUTE_MS - 1 }) }),
  })
  .map(({ day, quarter, offMs }) => FIRST_DAY_MS + day * DAY_MS + quarter * 15 * MINUTE_MS + offMs);

const write = fc.oneof(
  fc.record({ kind: fc.constant("book" as const), calendar: calendarIndex, startsAt: instant, holdMinutes: fc.option(fc.integer({ min: 1, max: 180 })) }),
  fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("reschedule" as const), pick: fc.nat(), calendar: fc.option(calendarIndex, { freq: 2 }), startsAt: instant }),
  fc.record({ kind: fc.constant("timeOff" as const), calendar: calendarIndex, startsAt: instant, hours: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant("timesOff" as const), calendar: calendarIndex, startsAt: fc.array(instant, { minLength: 2, maxLength: 4 }) }),
  fc.record({ kind: fc.constant("endTimeOff" as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("hours" as const),
    calendar: calendarIndex,
    blocks: fc.array(
      fc.record({ weekday: fc.integer({ min: 0, max: 6 }), startMinute: fc.constantFrom(420, 540, 600, 780), length: fc.constantFrom(60, 180, 480) }),
      {
        maxLength: 4,
      },
    ),
  }),
  fc.record({ kind: fc.constant("offer" as const), calendar: calendarIndex }),
  fc.record({
    kind: fc.constant("rules" as const),
    durationMinutes: fc.constantFrom(30, 45, 60),
    bufferAfterMinutes: fc.constantFrom(0, 15),
    minLeadMinutes: fc.constantFrom(0, 120),
  }),
  fc.record({ kind: fc.constant("clock" as const), minutes: fc.integer({ min: 1, max: 240 }) }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
const burst = fc.array(write, { minLength: 1, maxLength: 6 });
const buffers = fc.record({ before: fc.constantFrom(0, 10, 30), after: fc.constantFrom(0, 15) });

const range = fc.record({ day: fc.integer({ min: -1, max: 6 }), hours: fc.integer({ min: 1, max: 24 * 5 }) });

async function apply(world: World, step: Write): Promise<void> {
  const { ws } = world;
  if (step.kind === "book") {
    await seedBooking(ws, {
      startsAt: new Date(step.startsAt),
      serviceId: world.serviceId,
      staffId: world.calendarIds[step.calendar],
      ...(step.holdMinutes === null ? {} : { status: "pending", holdExpiresAt: new Date(world.nowMs + step.holdMinutes * MINUTE_MS) }),
    }).catch(() => undefined); // a start already occupied: the exclusion constraint refuses it, nothing is written
  } else if (step.kind === "cancel") {
    const live = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.workspaceId, ws.id)).orderBy(bookings.id);
    const target = live[step.pick % Math.max(1, live.length)];
    if (target) await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, target.id));
  } else if (step.kind === "reschedule") {
    // One row moved in time, now and then to another calendar: one move of each calendar it leaves or joins.
    const live = await db().select().from(bookings).where(eq(bookings.workspaceId, ws.id)).orderBy(bookings.id);
    const target = live[step.pick % Math.max(1, live.length)];
    if (target) {
      const shiftMs = step.startsAt - target.startsAt.getTime();
      const at = (date: Date) => new Date(date.getTime() + shiftMs);
      await db()
        .update(bookings)
        .set({
          staffId: step.calendar === null ? target.staffId : (world.calendarIds[step.calendar] ?? target.staffId),
          startsAt: at(target.startsAt),
          endsAt: at(target.endsAt),
          occupiedStart: at(target.occupiedStart),
          occupiedEnd: at(target.occupiedEnd),
        })
        .where(eq(bookings.id, target.id))
        .catch(() => undefined); // the new time is occupied: the exclusion constraint refuses it, nothing is written
    }
  } else if (step.kind === "timesOff") {
    // Several rows of one calendar in one transaction: one move.
    const staffId = world.calendarIds[step.calendar] ?? ws.staffId;
    await db().transaction(async (tx) => {
      for (const startsAt of step.startsAt)
        await tx.insert(timeOff).values({ workspaceId: ws.id, staffId, startsAt: new Date(startsAt), endsAt: new Date(startsAt + HOUR_MS) });
    });
  } else if (step.kind === "timeOff") {
    const staffId = world.calendarIds[step.calendar] ?? ws.staffId;
    await db()
      .insert(timeOff)
      .values({ workspaceId: ws.id, staffId, startsAt: new Date(step.startsAt), endsAt: new Date(step.startsAt + step.hours * HOUR_MS) });
  } else if (step.kind === "endTimeOff") {
    const rows = await db().select({ id: timeOff.id }).from(timeOff).where(eq(timeOff.workspaceId, ws.id)).orderBy(timeOff.id);
    const target = rows[step.pick % Math.max(1, rows.length)];
    if (target) await db().delete(timeOff).where(eq(timeOff.id, target.id));
  } else if (step.kind === "hours") {
    const blocks: Block[] = step.blocks.map((block) => ({
      weekday: block.weekday,
      startMinute: block.startMinute,
      endMinute: block.startMinute + block.length,
    }));
    await setWorkingHours(ws, world.calendarIds[step.calendar] ?? ws.staffId, blocks);
  } else if (step.kind === "offer") {
    const staffId = world.calendarIds[step.calendar] ?? ws.staffId;
    const link = and(eq(serviceStaff.serviceId, world.serviceId), eq(serviceStaff.staffId, staffId));
    const deleted = await db().delete(serviceStaff).where(link).returning();
    if (deleted.length === 0) await offerService(ws, world.serviceId, staffId);
  } else if (step.kind === "rules") {
    const { durationMinutes, bufferAfterMinutes, minLeadMinutes } = step;
    await db().update(services).set({ durationMinutes, bufferAfterMinutes, minLeadMinutes }).where(eq(services.id, world.serviceId));
  } else {
    world.nowMs += step.minutes * MINUTE_MS;
  }
}

/** The answer computed now from what the database holds, with no cache in the way. */
async function freshAnswer(world: World, fromMs: number, toMs: number): Promise<string> {
  const [workspace] = await db().select().from(workspaces).where(eq(workspaces.id, world.ws.id));
  const [service] = await db().select().from(services).where(eq(services.id, world.serviceId));
  if (!workspace || !service) throw new Error("no workspace or service");
  const calendars = await loadCalendars(db(), {
    workspaceId: workspace.id,
    serviceId: service.id,
    loadFrom: new Date(fromMs - DAY_MS),
    loadTo: new Date(toMs + DAY_MS),
    now: new Date(world.nowMs),
    groupSessions: isGroupService(service),
  });
  const input = { rules: toServiceRules(service), timezone: workspace.timezone, slotIntervalMinutes: workspace.slotIntervalMinutes, calendars };
  const slots = takesNewBookings(service, workspace)
    ? computeAvailability({ ...input, nowMs: world.nowMs, fromMs, toMs })
    : calendars.map((calendar) => ({ staffId: calendar.staffId, slots: [] }));
  return Buffer.from(toAvailabilityJson(slots, workspace.timezone)).toString("utf8");
}

async function cachedAnswer(world: World, fromMs: number, toMs: number): Promise<string> {
  const availabilityRevision = await readAvailabilityRevision(db(), world.ws.id);
  const [workspace] = await db().select().from(workspaces).where(eq(workspaces.id, world.ws.id));
  const answer = await getAvailabilityJson({
    ctx: { db: db(), clock: fixedClock(new Date(world.nowMs)), workspace: workspace!, availabilityRevision },
    input: { serviceId: world.serviceId, from: new Date(fromMs), to: new Date(toMs) },
  });
  return Buffer.concat(answer.pieces).toString("utf8");
}

describe("cached availability answers", () => {
  it("equal the engine's answer over fresh data after every write of a random sequence", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(burst, range, range), { minLength: 4, maxLength: 14 }), buffers, async (steps, { before, after }) => {
        const ws = await newWorkspace({ timezone: "America/New_York", slotIntervalMinutes: 15 });
        const others = [await addCalendar(ws), await addCalendar(ws)];
        const calendarIds = [ws.staffId, ...others.map((calendar) => calendar.id)];
        const service = await addService(ws, { durationMinutes: 60, bufferBeforeMinutes: before, bufferAfterMinutes: after }, calendarIds);
        const world: World = { ws, serviceId: service.id, calendarIds, nowMs: FIRST_DAY_MS - 2 * DAY_MS + 12 * HOUR_MS };
        for (const [writes, ...asked] of steps) {
          // Both ranges are asked before the write too, so the write meets warm tables.
          for (const { day, hours } of asked) {
            const fromMs = FIRST_DAY_MS + day * DAY_MS;
            await cachedAnswer(world, fromMs, fromMs + hours * HOUR_MS);
          }
          for (const step of writes) await apply(world, step);
          for (const { day, hours } of asked) {
            const fromMs = FIRST_DAY_MS + day * DAY_MS;
            const toMs = fromMs + hours * HOUR_MS;
            expect(await cachedAnswer(world, fromMs, toMs), `after ${JSON.stringify(writes)}`).toBe(await freshAnswer(world, fromMs, toMs));
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
