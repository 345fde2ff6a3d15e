import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readAvailabilityRevision, type AvailabilityRevision } from "@/lib/availability/revision";
import { bookings, questions, serviceStaff, services, staff, timeOff, workingHours } from "@/lib/db/schema";
import { bookConfirmed, localAt } from "../helpers/bookings";
import { newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { addService, seedBooking } from "../helpers/factories";

/**
 * The availability revisions (migrations 0004, 0009, 0020, 0025): what lets an instance serve a
 * cached answer (lib/cache/cache.ts). Every committed write to a table availability reads must
 * give the workspace, or the one calendar it concerns, a value it never had before; nothing
 * else may. Values are compared as one stamp: the workspace's and every calendar's.
 */
const db = () => currentDb().db;
const stamp = (revision: AvailabilityRevision) => JSON.stringify([revision.workspace, Object.entries(revision.calendars).sort()]);
const revisionOf = async (ws: TestWorkspace) => stamp(await readAvailabilityRevision(db(), ws.id));

/** Runs a write and answers the revision before and after it. */
async function across(ws: TestWorkspace, write: () => Promise<unknown>): Promise<[string, string]> {
  const before = await revisionOf(ws);
  await write();
  return [before, await revisionOf(ws)];
}

describe("availability revision", () => {
  it("moves on every insert, update and delete of each table availability reads", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const seen = new Set([await revisionOf(ws)]);
    const expectNew = async (write: () => Promise<unknown>) => {
      const [, after] = await across(ws, write);
      expect(seen.has(after), "a value never seen before").toBe(false);
      seen.add(after);
    };
    const calendar = { workspaceId: ws.id, name: "Sam" };
    const [added] = await db().insert(staff).values(calendar).returning();
    const start = new Date(localAt(ws, 3, "10:00"));
    const end = new Date(start.getTime() + 3_600_000);

    await expectNew(() => db().update(staff).set({ name: "Sam B" }).where(eq(staff.id, added!.id)));
    await expectNew(() => db().insert(workingHours).values({ workspaceId: ws.id, staffId: added!.id, weekday: 1, startMinute: 540, endMinute: 600 }));
    await expectNew(() => db().update(workingHours).set({ endMinute: 660 }).where(eq(workingHours.staffId, added!.id)));
    await expectNew(() => db().delete(workingHours).where(eq(workingHours.staffId, added!.id)));
    await expectNew(() => db().insert(serviceStaff).values({ workspaceId: ws.id, serviceId: service.id, staffId: added!.id }));
    await expectNew(() => db().delete(serviceStaff).where(eq(serviceStaff.staffId, added!.id)));
    await expectNew(() => db().insert(timeOff).values({ workspaceId: ws.id, staffId: added!.id, startsAt: start, endsAt: end }));
    await expectNew(() => db().update(timeOff).set({ reason: "dentist" }).where(eq(timeOff.staffId, added!.id)));
    await expectNew(() => db().delete(timeOff).where(eq(timeOff.staffId, added!.id)));
    await expectNew(() => db().update(services).set({ durationMinutes: 45 }).where(eq(services.id, service.id)));
    let bookingId = "";
    await expectNew(
      async () =>
        ({
          booking: { id: bookingId },
        } = await seedBooking(ws, { startsAt: start, serviceId: service.id, staffId: added!.id })),
    );
    await expectNew(() => db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, bookingId)));
    await expectNew(() => db().delete(bookings).where(eq(bookings.id, bookingId)));
    await expectNew(() => db().delete(staff).where(eq(staff.id, added!.id)));
    // A create checks its body against the questions.
    let questionId = "";
    await expectNew(
      async () => ([{ id: questionId }] = await db().insert(questions).values({ workspaceId: ws.id, label: "Allergies?", type: "text" }).returning()),
    );
    await expectNew(() => db().update(questions).set({ required: true }).where(eq(questions.id, questionId)));
    await expectNew(() => db().delete(questions).where(eq(questions.id, questionId)));
  });

  it("moves once per transaction, not for a rolled-back one, and only for its own workspace", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    await addService(ws);
    await addService(other);
    const otherBefore = await revisionOf(other);

    const [before, after] = await across(ws, () =>
      db().transaction(async (tx) => {
        for (const weekday of [1, 2, 3, 4, 5])
          await tx.insert(workingHours).values({ workspaceId: ws.id, staffId: ws.staffId, weekday, startMinute: 1200, endMinute: 1260 });
        await tx.update(staff).set({ name: "Alexandra" }).where(eq(staff.id, ws.staffId));
      }),
    );
    expect(after).not.toBe(before);

    const [, untouched] = await across(ws, () =>
      db()
        .transaction(async (tx) => {
          await tx.delete(workingHours).where(eq(workingHours.staffId, ws.staffId));
          throw new Error("rolled back");
        })
        .catch(() => undefined),
    );
    expect(untouched).toBe(after);
    expect(await revisionOf(other)).toBe(otherBefore);
  });

  it("moves only the booked calendar's value when a booking is made through the API", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const other = { workspaceId: ws.id, name: "Other" };
    const [otherCalendar] = await db().insert(staff).values(other).returning();
    const before = await readAvailabilityRevision(db(), ws.id);
    const booked = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") });
    const after = await readAvailabilityRevision(db(), ws.id);
    expect(booked.staff_id).toBe(ws.staffId);
    expect(after.workspace).toBe(before.workspace);
    expect(after.calendars[ws.staffId]).toBeDefined();
    expect(after.calendars[ws.staffId]).not.toBe(before.calendars[ws.staffId]);
    expect(after.calendars[otherCalendar!.id]).toBe(before.calendars[otherCalendar!.id]);
  });

  it("moves each calendar a transaction wrote, once whatever its rows, and leaves the others and the workspace as they were", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const at = (day: number, time: string) => new Date(localAt(ws, day, time));
    const [other] = await db().insert(staff).values({ workspaceId: ws.id, name: "Other" }).returning();
    const [third] = await db().insert(staff).values({ workspaceId: ws.id, name: "Third" }).returning();
    const { booking } = await seedBooking(ws, { startsAt: at(2, "10:00"), serviceId: service.id });
    const before = await readAvailabilityRevision(db(), ws.id);
    // An update of a booking moves its calendar.
    await db()
      .update(bookings)
      .set({ startsAt: at(2, "14:00"), endsAt: at(2, "15:00"), occupiedStart: at(2, "14:00"), occupiedEnd: at(2, "15:00") })
      .where(eq(bookings.id, booking.id));
    const moved = await readAvailabilityRevision(db(), ws.id);
    expect(moved.calendars[ws.staffId]).toBeGreaterThan(before.calendars[ws.staffId]!);
    // Three rows of one calendar and one of another in one transaction: both move, to values not seen before.
    await db().transaction(async (tx) => {
      await tx.insert(timeOff).values({ workspaceId: ws.id, staffId: ws.staffId, startsAt: at(4, "09:00"), endsAt: at(4, "10:00") });
      await tx.insert(timeOff).values({ workspaceId: ws.id, staffId: ws.staffId, startsAt: at(5, "15:00"), endsAt: at(5, "16:00") });
      await tx.insert(timeOff).values({ workspaceId: ws.id, staffId: other!.id, startsAt: at(5, "15:00"), endsAt: at(5, "16:00") });
      await tx.insert(timeOff).values({ workspaceId: ws.id, staffId: ws.staffId, startsAt: at(6, "15:00"), endsAt: at(6, "16:00") });
    });
    const after = await readAvailabilityRevision(db(), ws.id);
    expect(after.calendars[ws.staffId]).toBeGreaterThan(moved.calendars[ws.staffId]!);
    expect(after.calendars[other!.id]).toBeGreaterThan(moved.calendars[ws.staffId]!);
    expect(after.calendars[ws.staffId]).not.toBe(after.calendars[other!.id]);
    expect(after.calendars[third!.id]).toBe(before.calendars[third!.id]);
    expect(after.workspace).toBe(before.workspace);
  });

  it("is kept by triggers on exactly the tables availability reads, at the grain of what each row concerns", async () => {
    const tablesOf = async (trigger: string) => {
      const result = await db().execute<{ table_name: string }>(sql`
        SELECT c.relname AS table_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE p.proname = ${trigger} AND t.tgdeferrable AND t.tginitdeferred ORDER BY 1`);
      const rows = Array.isArray(result) ? result : (result as unknown as { rows: { table_name: string }[] }).rows;
      return rows.map((row) => row.table_name);
    };
    expect(await tablesOf("bump_availability_revision")).toEqual(["questions", "service_staff", "services", "staff"]);
    expect(await tablesOf("bump_calendar_revision_of_row")).toEqual(["bookings", "external_busy_times", "time_off", "working_hours"]);
  });
});
