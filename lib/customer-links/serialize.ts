import type { BookingDetails } from "@/lib/booking-details/load-booking-details";
import type { BookingRow, PaymentRow } from "@/lib/db/schema";
import { canCustomerCancel, canCustomerReschedule, isCancelCutoffPassed } from "@/lib/bookings/customer-policy";
import { isLiveHold } from "@/lib/bookings/holds";
import { effectiveStatus } from "@/lib/bookings/serialize";
import { toServiceCustomer } from "@/lib/services/serialize";
import { toStaffCustomer } from "@/lib/staff/serialize";
import { toUtcIso, toZonedIso } from "@/lib/time/zoned";
import { pickDeclared } from "@/lib/schemas";
import { notificationAddress } from "@/lib/workspaces/notification-address";
import { toWorkspaceSettings } from "@/lib/workspaces/serialize";
import { PublicBookingWorkspace, type PublicBooking } from "./schemas";
import { toBookingPaymentState } from "./payment-state";

export type PublicBookingRows = BookingDetails & {
  payment: PaymentRow | null;
  publishableKey: string | null;
  /** Every occurrence of the booking's series, first to last; empty for a single booking. */
  series: BookingRow[];
};

/**
 * The public booking read. can_cancel, can_reschedule and cancel_cutoff_passed come from the
 * same policy functions the customer calls run, so each flag is true exactly when its call
 * would succeed. Without a usable publishable key the page cannot list times, so
 * rescheduling is unavailable (spec; docs/decisions.md#every-request-answered-by-our-code) and the call refuses it too.
 */
export function toPublicBooking(rows: PublicBookingRows, now: Date): PublicBooking {
  const { booking, workspace, service, customer, payment } = rows;
  const policy = { booking, minCancelNoticeMinutes: service.minCancelNoticeMinutes, now };
  const details: PublicBooking["booking"] = {
    id: booking.id,
    status: effectiveStatus(booking, now),
    starts_at: toZonedIso(booking.startsAt, workspace.timezone),
    ends_at: toZonedIso(booking.endsAt, workspace.timezone),
    service: toServiceCustomer(service, workspace),
    staff: toStaffCustomer(rows.staff),
    customer: {
      name: customer.name,
      email: customer.email,
      phone: customer.phone ?? "",
      timezone: booking.customerTimezone,
      language: booking.customerLanguage,
    },
    can_cancel: canCustomerCancel(policy),
    cancel_cutoff_passed: isCancelCutoffPassed(policy),
    cancel_cutoff_minutes: service.minCancelNoticeMinutes,
    can_reschedule: canRescheduleByToken(rows, now),
  };
  if (isLiveHold(booking, now)) details.hold_expires_at = toUtcIso(booking.holdExpiresAt!);
  if (payment) details.payment = toBookingPaymentState({ payment, booking, workspace, now });
  if (booking.seriesId && rows.series.length > 0) {
    details.series = {
      id: booking.seriesId,
      count: rows.series.length,
      bookings: rows.series.map((occurrence) => ({
        starts_at: toZonedIso(occurrence.startsAt, workspace.timezone),
        status: effectiveStatus(occurrence, now),
        current: occurrence.id === booking.id,
      })),
      can_cancel_rest: rows.series.some(
        (occurrence) => occurrence.startsAt > now && canCustomerCancel({ booking: occurrence, minCancelNoticeMinutes: service.minCancelNoticeMinutes, now }),
      ),
    };
  }
  return {
    booking: details,
    workspace: pickDeclared(PublicBookingWorkspace, {
      ...toWorkspaceSettings(workspace),
      publishable_key: rows.publishableKey,
      notifies_business: notificationAddress(workspace) !== null,
    }),
  };
}

export function canRescheduleByToken(rows: PublicBookingRows, now: Date): boolean {
  if (rows.publishableKey === null) return false;
  return canCustomerReschedule({ booking: rows.booking, minCancelNoticeMinutes: rows.service.minCancelNoticeMinutes, now });
}
