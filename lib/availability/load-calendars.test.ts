import { describe, expect, it } from "vitest";
import { newWorkspace } from "@/tests/helpers/fixtures";
import { addCalendar, addService, offerService, seedBooking } from "@/tests/helpers/factories";
import { currentDb } from "@/tests/helpers/test-db";
import { sessionIdFor } from "@/lib/bookings/sessions";
import { loadCalendars, type LoadCalendarsInput } from "./load-calendars";

/**
 * loadCalendars runs a statement built once per handle and shape outside a transaction, and
 * builds it for the call inside one (drizzle cannot run a prepared query there). Both must load
 * the same calendars, for every shape, and the kept statement must take each call's own values.
 */
describe("loadCalendars", () => {
  it("loads the same calendars through the kept statement as through one built inside a transaction, for every shape", async () => {
    const ws = await newWorkspace();
    const second = await addCalendar(ws);
    const third = await addCalendar(ws);
    const service = await addService(ws, { durationMinutes: 30 }, [ws.staffId, second.id, third.id]);
    const group = await addService(ws, { durationMinutes: 30, capacity: 4 }, [ws.staffId]);
    await offerService(ws, group.id, second.id);
    const day = Date.UTC(2031, 2, 10);
    const at = (hour: number) => new Date(day + hour * 3_600_000);
    const held = await seedBooking(ws, { startsAt: at(10), serviceId: service.id, durationMinutes: 30 });
    await seedBooking(ws, { startsAt: at(11), serviceId: service.id, staffId: second.id, status: "pending", holdExpiresAt: at(12) });
    const sessionId = sessionIdFor(group, ws.staffId, at(9));
    for (const email of ["seat-1@example.com", "seat-2@example.com"])
      await seedBooking(ws, { startsAt: at(9), serviceId: group.id, sessionId, customer: { email } });

    const base = { workspaceId: ws.id, serviceId: service.id, loadFrom: at(0), loadTo: at(24), now: at(-24) };
    const inputs: LoadCalendarsInput[] = [
      base,
      { ...base, staffIds: [second.id] },
      { ...base, staffIds: [ws.staffId, third.id] },
      { ...base, excludeBookingId: held.booking.id },
      { ...base, countStarting: { from: at(0), to: at(24) } },
      { ...base, serviceId: group.id, groupSessions: true },
      // The same shapes again with other values: the kept statement binds each call's own.
      { ...base, loadFrom: at(10.5), loadTo: at(24), staffIds: [ws.staffId] },
      { ...base, now: at(13), countStarting: { from: at(10.5), to: at(24) } },
    ];
    const { db } = currentDb();
    for (const input of inputs) {
      const kept = await loadCalendars(db, input);
      const built = await db.transaction((tx) => loadCalendars(tx, input));
      expect(kept).toEqual(built);
    }

    // What the values select, through the kept statement.
    const [all, one, , excluding, counting, sessions, later, afterLapse] = await Promise.all(inputs.map((input) => loadCalendars(db, input)));
    expect(all!.map((calendar) => calendar.staffId)).toEqual([ws.staffId, second.id, third.id]);
    const range = (from: number, to: number) => ({ startMs: at(from).getTime(), endMs: at(to).getTime() });
    const sorted = (ranges: { startMs: number }[]) => [...ranges].sort((a, b) => a.startMs - b.startMs);
    // The class's two seats are busy time to a one-to-one service.
    expect(sorted(all![0]!.busy)).toEqual([range(9, 9.5), range(9, 9.5), range(10, 10.5)]);
    expect(all![1]!.firstHoldLapseMs).toBe(at(12).getTime());
    expect(one!.map((calendar) => calendar.staffId)).toEqual([second.id]);
    expect(excluding![0]!.busy).toEqual([range(9, 9.5), range(9, 9.5)]);
    expect(counting!.map((calendar) => calendar.bookingsStarting)).toEqual([3, 1, 0]);
    expect(sessions!.map((calendar) => calendar.sessions?.map((session) => session.seatsTaken))).toEqual([[2], []]);
    expect(later![0]!.busy).toEqual([]);
    // The hold lapsed at 12:00: at 13:00 it no longer counts.
    expect(afterLapse!.map((calendar) => calendar.bookingsStarting)).toEqual([0, 0, 0]);
  });
});
