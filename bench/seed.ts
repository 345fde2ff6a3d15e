import { DateTime } from "luxon";
import { createAccount } from "@/lib/accounts/create-account";
import { mintApiKey } from "@/lib/api-keys/mint-api-key";
import type { Db } from "@/lib/db/client";
import { bookings, customers, serviceStaff, services, staff, workingHours, workspaces } from "@/lib/db/schema";
import { systemClock } from "@/lib/time/clock";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { eq } from "drizzle-orm";
import { sessionIdFor } from "@/lib/bookings/sessions";

export const BENCH_ZONE = "America/New_York";
export const CALENDARS = 10;
export const SEEDED_BOOKINGS = 2_000;
export const SERVICE_MINUTES = 30;
export const SLOT_INTERVAL_MINUTES = 15;
const BOOKINGS_PER_CALENDAR_DAY = 4;
const SEEDED_DAYS = SEEDED_BOOKINGS / (CALENDARS * BOOKINGS_PER_CALENDAR_DAY); // 50
export const OPEN_MINUTE = 9 * 60;
const CLOSE_MINUTE = 17 * 60;

export type SeededBookings = {
  workspaceId: string;
  calendarIds: string[];
  secretKey: string;
  serviceId: string;
  /** Local midnight of tomorrow: the availability range and created bookings start here. */
  firstDay: DateTime;
  /** Starts (ISO) on the 30-minute grid still free, each listed once per free calendar. */
  creationStarts: string[];
};

export type Seeded = SeededBookings & {
  /** A class of capacity 8 on the same 10 calendars (docs/group-sessions.md), in a workspace of its own. */
  group: SeededGroup;
};

/**
 * The benchmark workspace, written with the domain functions and drizzle before the server
 * starts (the embedded database belongs to one process at a time): 10 calendars working
 * 09:00–17:00 every day, a 15-minute slot interval, a 30-minute service and 2,000 confirmed
 * bookings over the next 50 days (four per calendar and day, on whole hours).
 */
export async function seedBenchWorkspace(db: Db): Promise<Seeded> {
  const seeded = await seedBookingsWorkspace(db, { name: "Bench", calendars: CALENDARS });
  return { ...seeded, group: await seedGroupWorkspace(db, seeded.firstDay) };
}

/**
 * The bench's workspace shape: `calendars` calendars working 09:00–17:00 every day, the service on
 * the first 10 of them (CALENDARS), and those 10 holding 2,000 confirmed bookings over the next 50
 * days; a workspace with more calendars (bench/history.ts) differs only in what they add.
 */
export async function seedBookingsWorkspace(db: Db, options: { name: string; calendars: number }): Promise<SeededBookings> {
  const now = systemClock.now();
  const { account } = await createAccount(db, { name: `${options.name} account`, plan: "pro", planStep: 5 });
  const { workspace } = await createWorkspace({
    ctx: { db, account, clock: systemClock },
    input: { name: options.name, timezone: BENCH_ZONE, slot_interval_minutes: SLOT_INTERVAL_MINUTES, staff_name: "Calendar 1" },
  });
  const { value: secretKey } = await mintApiKey(db, { workspaceId: workspace.id, type: "sk", name: "Bench", now });
  await db.update(workspaces).set({ requireVerification: false }).where(eq(workspaces.id, workspace.id));

  const first = await db.select({ id: staff.id }).from(staff).where(eq(staff.workspaceId, workspace.id));
  const more = await db
    .insert(staff)
    .values(Array.from({ length: options.calendars - 1 }, (_, i) => ({ workspaceId: workspace.id, name: `Calendar ${i + 2}` })))
    .returning({ id: staff.id });
  const allCalendarIds = [...first, ...more].map((row) => row.id);
  const calendarIds = allCalendarIds.slice(0, CALENDARS);
  await db
    .insert(workingHours)
    .values(
      allCalendarIds.flatMap((staffId) =>
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ workspaceId: workspace.id, staffId, weekday, startMinute: OPEN_MINUTE, endMinute: CLOSE_MINUTE })),
      ),
    );
  const [service] = await db
    .insert(services)
    .values({ workspaceId: workspace.id, name: "Bench visit", durationMinutes: SERVICE_MINUTES, maxAdvanceDays: 90 })
    .returning({ id: services.id });
  await db.insert(serviceStaff).values(calendarIds.map((staffId) => ({ workspaceId: workspace.id, serviceId: service!.id, staffId })));
  const [customer] = await db
    .insert(customers)
    .values({ workspaceId: workspace.id, name: "Seeded customer", email: "seeded@bench.example" })
    .returning({ id: customers.id });

  const firstDay = DateTime.fromJSDate(now, { zone: BENCH_ZONE }).plus({ days: 1 }).startOf("day");
  const taken = new Set<string>();
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (let day = 0; day < SEEDED_DAYS; day++) {
    calendarIds.forEach((staffId, c) => {
      for (let k = 0; k < BOOKINGS_PER_CALENDAR_DAY; k++) {
        // (c + 3k) mod 8 gives four distinct hours of the eight for each calendar.
        const start = firstDay.plus({ days: day }).set({ hour: 9 + ((c + 3 * k) % 8) });
        const startsAt = start.toJSDate();
        const endsAt = start.plus({ minutes: SERVICE_MINUTES }).toJSDate();
        taken.add(`${c}@${start.toMillis()}`);
        rows.push({
          workspaceId: workspace.id,
          serviceId: service!.id,
          staffId,
          customerId: customer!.id,
          startsAt,
          endsAt,
          occupiedStart: startsAt,
          occupiedEnd: endsAt,
          status: "confirmed",
          createdVia: "sk",
          confirmedAt: now,
        });
      }
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(bookings).values(rows.slice(i, i + 500));

  return { workspaceId: workspace.id, calendarIds: allCalendarIds, secretKey, serviceId: service!.id, firstDay, creationStarts: freeStarts(firstDay, taken) };
}

export const GROUP_CAPACITY = 8;
const GROUP_SESSIONS_PER_CALENDAR_DAY = 2;
const SEATS_PER_SEEDED_SESSION = SEEDED_BOOKINGS / (CALENDARS * SEEDED_DAYS * GROUP_SESSIONS_PER_CALENDAR_DAY); // 2

export type SeededGroup = { secretKey: string; serviceId: string; creationStarts: string[] };

/**
 * The group line's workspace: the same 10 calendars, hours and 15-minute interval, a 30-minute
 * class of capacity 8, and 2,000 seats booked over the next 50 days (two sessions per calendar
 * and day, two seats each: 1,000 sessions). Its creates go without staff_id to every start of
 * the 30-minute grid in turn, joining a session there or opening one.
 */
async function seedGroupWorkspace(db: Db, firstDay: DateTime): Promise<SeededGroup> {
  const now = systemClock.now();
  const { account } = await createAccount(db, { name: "Bench group account", plan: "pro", planStep: 5 });
  const { workspace } = await createWorkspace({
    ctx: { db, account, clock: systemClock },
    input: { name: "Bench classes", timezone: BENCH_ZONE, slot_interval_minutes: SLOT_INTERVAL_MINUTES, staff_name: "Calendar 1" },
  });
  const { value: secretKey } = await mintApiKey(db, { workspaceId: workspace.id, type: "sk", name: "Bench", now });
  await db.update(workspaces).set({ requireVerification: false }).where(eq(workspaces.id, workspace.id));
  const first = await db.select({ id: staff.id }).from(staff).where(eq(staff.workspaceId, workspace.id));
  const more = await db
    .insert(staff)
    .values(Array.from({ length: CALENDARS - 1 }, (_, i) => ({ workspaceId: workspace.id, name: `Calendar ${i + 2}` })))
    .returning({ id: staff.id });
  const calendarIds = [...first, ...more].map((row) => row.id);
  await db
    .insert(workingHours)
    .values(
      calendarIds.flatMap((staffId) =>
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ workspaceId: workspace.id, staffId, weekday, startMinute: OPEN_MINUTE, endMinute: CLOSE_MINUTE })),
      ),
    );
  const [service] = await db
    .insert(services)
    .values({ workspaceId: workspace.id, name: "Bench class", durationMinutes: SERVICE_MINUTES, maxAdvanceDays: 90, capacity: GROUP_CAPACITY })
    .returning();
  await db.insert(serviceStaff).values(calendarIds.map((staffId) => ({ workspaceId: workspace.id, serviceId: service!.id, staffId })));
  const [customer] = await db
    .insert(customers)
    .values({ workspaceId: workspace.id, name: "Seeded customer", email: "seeded@bench.example" })
    .returning({ id: customers.id });
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (let day = 0; day < SEEDED_DAYS; day++) {
    calendarIds.forEach((staffId, c) => {
      for (let k = 0; k < GROUP_SESSIONS_PER_CALENDAR_DAY; k++) {
        const start = firstDay.plus({ days: day }).set({ hour: 9 + ((c + 3 * k) % 8) });
        const startsAt = start.toJSDate();
        const endsAt = start.plus({ minutes: SERVICE_MINUTES }).toJSDate();
        for (let seat = 0; seat < SEATS_PER_SEEDED_SESSION; seat++) {
          rows.push({
            workspaceId: workspace.id,
            serviceId: service!.id,
            staffId,
            sessionId: sessionIdFor(service!, staffId, startsAt),
            customerId: customer!.id,
            startsAt,
            endsAt,
            occupiedStart: startsAt,
            occupiedEnd: endsAt,
            status: "confirmed",
            createdVia: "sk",
            confirmedAt: now,
          });
        }
      }
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(bookings).values(rows.slice(i, i + 500));
  const creationStarts: string[] = [];
  for (let day = 0; day < 62; day++) {
    for (let minute = OPEN_MINUTE; minute < CLOSE_MINUTE; minute += SERVICE_MINUTES) {
      creationStarts.push(
        firstDay
          .plus({ days: day })
          .set({ hour: Math.floor(minute / 60), minute: minute % 60 })
          .toISO({ suppressMilliseconds: true })!,
      );
    }
  }
  return { secretKey, serviceId: service!.id, creationStarts };
}

/**
 * Every free (start, calendar) pair of the next 62 days on the 30-minute grid, as starts
 * interleaved round-robin so that concurrent creations rarely aim at the same start.
 */
function freeStarts(firstDay: DateTime, taken: Set<string>): string[] {
  const perStart: { iso: string; free: number }[] = [];
  for (let day = 0; day < 62; day++) {
    for (let minute = OPEN_MINUTE; minute < CLOSE_MINUTE; minute += SERVICE_MINUTES) {
      const start = firstDay.plus({ days: day }).set({ hour: Math.floor(minute / 60), minute: minute % 60 });
      let free = 0;
      for (let c = 0; c < CALENDARS; c++) if (!taken.has(`${c}@${start.toMillis()}`)) free++;
      perStart.push({ iso: start.toISO({ suppressMilliseconds: true })!, free });
    }
  }
  const queue: string[] = [];
  for (let round = 0; round < CALENDARS; round++) for (const entry of perStart) if (entry.free > round) queue.push(entry.iso);
  return queue;
}

export const RACE_SLOTS = 20;

export type SeededRace = { secretKey: string; serviceId: string; starts: string[] };

/**
 * The race workspace: one calendar open all day, a 30-minute service and 20 slots on one day
 * ten days ahead, which 1,000 concurrent creates aim at (at most 20 may win).
 */
export async function seedRaceWorkspace(db: Db): Promise<SeededRace> {
  const now = systemClock.now();
  const { account } = await createAccount(db, { name: "Race account", plan: "pro", planStep: 5 });
  const { workspace } = await createWorkspace({
    ctx: { db, account, clock: systemClock },
    input: { name: "Race", timezone: "UTC", slot_interval_minutes: 30, staff_name: "Calendar" },
  });
  const { value: secretKey } = await mintApiKey(db, { workspaceId: workspace.id, type: "sk", name: "Race", now });
  await db.update(workspaces).set({ requireVerification: false }).where(eq(workspaces.id, workspace.id));
  const [calendar] = await db.select({ id: staff.id }).from(staff).where(eq(staff.workspaceId, workspace.id));
  await db
    .insert(workingHours)
    .values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ workspaceId: workspace.id, staffId: calendar!.id, weekday, startMinute: 0, endMinute: 1440 })));
  const [service] = await db
    .insert(services)
    .values({ workspaceId: workspace.id, name: "Race visit", durationMinutes: 30, maxAdvanceDays: 365 })
    .returning({ id: services.id });
  await db.insert(serviceStaff).values({ workspaceId: workspace.id, serviceId: service!.id, staffId: calendar!.id });
  const day = DateTime.fromJSDate(now, { zone: "UTC" }).plus({ days: 10 }).startOf("day").set({ hour: 8 });
  const starts = Array.from({ length: RACE_SLOTS }, (_, i) => day.plus({ minutes: 30 * i }).toISO({ suppressMilliseconds: true })!);
  return { secretKey, serviceId: service!.id, starts };
}
