import { describe, expect, it } from "vitest";
import type { BookingRow } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { localAt, setNow } from "../helpers/bookings";
import { newWorkspace } from "../helpers/fixtures";
import { addCalendar, addService, seedBooking } from "../helpers/factories";

/**
 * The spec's promise: can_cancel and can_reschedule are each true exactly when the call
 * would succeed. For every status a booking can be read in and every moment around the
 * notice cutoff, two twin bookings (one per calendar) are read, then one is cancelled and
 * the other moved to an open slot; each outcome must match its flag.
 */
const MINUTE = 60_000;
const NOTICE_MINUTES = 60;

type StatusCase = { label: string; status: BookingRow["status"]; hold?: "live" | "lapsed" };
const STATUSES: StatusCase[] = [
  { label: "confirmed", status: "confirmed" },
  { label: "pending, hold alive", status: "pending", hold: "live" },
  { label: "pending, hold lapsed", status: "pending", hold: "lapsed" },
  { label: "awaiting_payment, hold alive", status: "awaiting_payment", hold: "live" },
  { label: "expired", status: "expired" },
  { label: "no_show", status: "no_show" },
];
/** Moments relative to the start: well before, around the cutoff (start − 60 min), during, after. */
const MOMENTS_MS = [-24 * 60 * MINUTE, -61 * MINUTE, -60 * MINUTE, -59 * MINUTE, 30 * MINUTE, 120 * MINUTE];

let ipCounter = 0;
const freshIp = () => ({ "X-Forwarded-For": `10.88.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

describe("can_cancel and can_reschedule are true exactly when the calls succeed", () => {
  it.each(STATUSES)("$label", async (statusCase) => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const second = (await addCalendar(ws, { name: "Robin" })).id;
    const service = await addService(ws, { durationMinutes: 60, minCancelNoticeMinutes: NOTICE_MINUTES }, [ws.staffId, second]);
    const outcomes: string[] = [];

    for (const [index, momentMs] of MOMENTS_MS.entries()) {
      const day = 3 + index;
      const startsAt = new Date(localAt(ws, day, "10:00"));
      const now = new Date(startsAt.getTime() + momentMs);
      await setNow(now);
      const holdExpiresAt =
        statusCase.hold === "live" ? new Date(now.getTime() + 5 * MINUTE) : statusCase.hold === "lapsed" ? new Date(now.getTime() - MINUTE) : null;
      const seed = { startsAt, status: statusCase.status, holdExpiresAt, serviceId: service.id };
      const forCancel = await seedBooking(ws, { ...seed, staffId: ws.staffId });
      const forMove = await seedBooking(ws, { ...seed, staffId: second });

      const [readCancel, readMove] = await Promise.all(
        [forCancel.token, forMove.token].map((token) => api.get(`/v1/public/bookings/${token}`, { headers: freshIp() })),
      );
      expect(readCancel!.status).toBe(200);
      const flags = readCancel!.body.booking;
      // The twins read the same.
      expect(readMove!.body.booking).toMatchObject({
        can_cancel: flags.can_cancel,
        can_reschedule: flags.can_reschedule,
        cancel_cutoff_passed: flags.cancel_cutoff_passed,
      });

      const cancelled = await api.post(`/v1/public/bookings/${forCancel.token}/cancel`, { body: {}, headers: freshIp() });
      const moved = await api.post(`/v1/public/bookings/${forMove.token}/reschedule`, { body: { starts_at: localAt(ws, day, "15:00") }, headers: freshIp() });
      const context = `${statusCase.label} at start${momentMs >= 0 ? "+" : ""}${momentMs / MINUTE}min: ${JSON.stringify({ flags, cancel: cancelled.body, move: moved.body })}`;
      expect(cancelled.status === 200, context).toBe(flags.can_cancel);
      expect(moved.status === 200, context).toBe(flags.can_reschedule);
      if (flags.cancel_cutoff_passed) expect(cancelled.body.error?.type, context).toBe("too_late_to_cancel");
      if (cancelled.status === 200) expect(cancelled.body.booking.status).toBe("cancelled");
      if (moved.status === 200) expect(moved.body.booking.starts_at).toBe(localAt(ws, day, "15:00"));
      outcomes.push(`${flags.can_cancel}/${flags.can_reschedule}/${flags.cancel_cutoff_passed}`);
    }

    // Each status meets both sides of the cutoff, so the flags must actually vary where the rules say.
    const expected: Record<string, string[]> = {
      confirmed: ["true/true/false", "true/true/false", "false/false/true", "false/false/true", "false/false/false", "false/false/false"],
      // A hold not yet confirmed or paid is always the customer's to give back, inside the notice
      // window and after its start too (docs/decisions.md#bookings); it is never theirs to move.
      "pending, hold alive": MOMENTS_MS.map(() => "true/false/false"),
      "awaiting_payment, hold alive": MOMENTS_MS.map(() => "true/false/false"),
    };
    expect(outcomes).toEqual(expected[statusCase.label] ?? MOMENTS_MS.map(() => "false/false/false"));
  });
});

describe("a customer never moves a booking into its own notice window (docs/decisions.md#bookings)", () => {
  it("the manage-link route refuses a new time less than the notice from now with 422 too_late_to_reschedule; a secret key may", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const service = await addService(ws, { durationMinutes: 60, minCancelNoticeMinutes: 24 * 60 });
    await setNow(localAt(ws, 3, "10:00"));
    const booking = await seedBooking(ws, { startsAt: new Date(localAt(ws, 6, "10:00")), status: "confirmed", serviceId: service.id, staffId: ws.staffId });
    const move = (startsAt: string) => api.post(`/v1/public/bookings/${booking.token}/reschedule`, { body: { starts_at: startsAt }, headers: freshIp() });

    // Up to and including the cutoff itself (a start exactly 24 hours away could no longer be cancelled at once).
    for (const inside of [localAt(ws, 3, "15:00"), localAt(ws, 4, "09:30"), localAt(ws, 4, "10:00")]) {
      const refused = await move(inside);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.error).toMatchObject({ type: "too_late_to_reschedule", param: "starts_at" });
      expect(refused.body.error.message).toMatch(/notice window \(1440 minutes before the start\)/);
    }
    const read = await api.get(`/v1/public/bookings/${booking.token}`, { headers: freshIp() });
    expect(read.body.booking).toMatchObject({ starts_at: localAt(ws, 6, "10:00"), can_cancel: true });

    const moved = await move(localAt(ws, 4, "10:30"));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const byBusiness = await api.post(`/v1/bookings/${booking.booking.id}/reschedule`, { key: ws.sk, body: { starts_at: localAt(ws, 3, "15:00") } });
    expect(byBusiness.status, JSON.stringify(byBusiness.body)).toBe(200);
    expect(byBusiness.body.starts_at).toBe(localAt(ws, 3, "15:00"));
  });
});
