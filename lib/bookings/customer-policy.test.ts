import { describe, expect, it } from "vitest";
import {
  cancelCutoff,
  canCustomerCancel,
  canCustomerReschedule,
  decideCustomerCancel,
  decideCustomerReschedule,
  isCancelCutoffPassed,
  type PolicyBooking,
} from "./customer-policy";

const start = new Date("2030-06-10T10:00:00Z");
const at = (iso: string) => new Date(iso);
const booking = (status: PolicyBooking["status"], holdExpiresAt: Date | null = null): PolicyBooking => ({ status, startsAt: start, holdExpiresAt });

describe("customer policy", () => {
  it("puts the cutoff min_cancel_notice_minutes before the start (0: the start itself)", () => {
    expect(cancelCutoff({ startsAt: start }, 120).toISOString()).toBe("2030-06-10T08:00:00.000Z");
    expect(cancelCutoff({ startsAt: start }, 0).toISOString()).toBe("2030-06-10T10:00:00.000Z");
  });

  it("lets a customer cancel a confirmed booking only before the cutoff, and give a live hold back at any time", () => {
    const early = at("2030-06-10T07:59:59Z");
    const late = at("2030-06-10T08:00:00Z");
    for (const status of ["confirmed"] as const) {
      expect(decideCustomerCancel({ booking: booking(status), minCancelNoticeMinutes: 120, now: early })).toEqual({ allowed: true });
      expect(decideCustomerCancel({ booking: booking(status), minCancelNoticeMinutes: 120, now: late })).toEqual({
        allowed: false,
        refusal: "too_late_to_cancel",
      });
    }
    for (const status of ["pending", "awaiting_payment"] as const) {
      const live = booking(status, at("2030-06-10T09:00:00Z"));
      expect(canCustomerCancel({ booking: live, minCancelNoticeMinutes: 120, now: early })).toBe(true);
      // The notice window binds confirmed bookings only: an unpaid or unconfirmed hold is always given back.
      expect(decideCustomerCancel({ booking: live, minCancelNoticeMinutes: 120, now: late })).toEqual({ allowed: true });
      expect(isCancelCutoffPassed({ booking: live, minCancelNoticeMinutes: 120, now: late })).toBe(false);
    }
    expect(canCustomerCancel({ booking: booking("confirmed"), minCancelNoticeMinutes: 0, now: at("2030-06-10T09:59:59Z") })).toBe(true);
    expect(canCustomerCancel({ booking: booking("confirmed"), minCancelNoticeMinutes: 0, now: start })).toBe(false);
  });

  it("never lets a customer cancel a cancelled, expired, no-show or lapsed-hold booking", () => {
    const now = at("2030-06-01T00:00:00Z");
    for (const row of [booking("cancelled"), booking("expired"), booking("no_show"), booking("pending", at("2030-05-31T23:59:59Z"))]) {
      expect(decideCustomerCancel({ booking: row, minCancelNoticeMinutes: 0, now })).toEqual({ allowed: false, refusal: "booking_not_cancellable" });
    }
  });

  it("moves only confirmed bookings, before the same cutoff", () => {
    const early = at("2030-06-10T07:00:00Z");
    expect(canCustomerReschedule({ booking: booking("confirmed"), minCancelNoticeMinutes: 120, now: early })).toBe(true);
    expect(decideCustomerReschedule({ booking: booking("confirmed"), minCancelNoticeMinutes: 120, now: at("2030-06-10T08:30:00Z") })).toEqual({
      allowed: false,
      refusal: "too_late_to_reschedule",
    });
    // Independent flags: a pending booking inside the window can be cancelled but not moved.
    const pending = booking("pending", at("2030-06-10T07:10:00Z"));
    expect(canCustomerCancel({ booking: pending, minCancelNoticeMinutes: 120, now: early })).toBe(true);
    expect(decideCustomerReschedule({ booking: pending, minCancelNoticeMinutes: 120, now: early })).toEqual({
      allowed: false,
      refusal: "booking_not_confirmed",
    });
  });

  it("says the cutoff has passed only when the notice window is the reason, not for a past or inactive booking", () => {
    const inWindow = at("2030-06-10T09:00:00Z");
    expect(isCancelCutoffPassed({ booking: booking("confirmed"), minCancelNoticeMinutes: 120, now: inWindow })).toBe(true);
    expect(isCancelCutoffPassed({ booking: booking("confirmed"), minCancelNoticeMinutes: 120, now: at("2030-06-10T07:00:00Z") })).toBe(false);
    expect(isCancelCutoffPassed({ booking: booking("confirmed"), minCancelNoticeMinutes: 120, now: at("2030-06-10T11:00:00Z") })).toBe(false);
    expect(isCancelCutoffPassed({ booking: booking("cancelled"), minCancelNoticeMinutes: 120, now: inWindow })).toBe(false);
  });
});
