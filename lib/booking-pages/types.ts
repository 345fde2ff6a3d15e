/**
 * The public API shapes the booking pages consume, taken from the schemas the API declares
 * (type-only imports: no zod reaches the browser bundle).
 */
import type { Booking } from "@/lib/bookings/schemas";
import type { BookingPaymentState } from "@/lib/payments/schemas";
import type { PublicBootstrap } from "@/lib/public/schemas";
import type { WaitlistEntry as WaitlistEntryShape } from "@/lib/waitlist/schemas";

export type Bootstrap = PublicBootstrap;
export type BootstrapWorkspace = PublicBootstrap["workspace"];
export type CustomerService = PublicBootstrap["services"][number];
export type CustomerStaff = PublicBootstrap["staff"][number];
export type Category = PublicBootstrap["categories"][number];
export type Question = PublicBootstrap["questions"][number];
export type CreatedBooking = Booking;
export type WaitlistEntry = WaitlistEntryShape;
export type PaymentState = BookingPaymentState;

/** `seats_left`: a group service's seats still free at that time on that calendar (docs/group-sessions.md). */
export type Slot = { start: string; end: string; seats_left?: number };
export type StaffSlots = { staff_id: string; slots: Slot[] };

export type CreateBookingRequest = {
  service_id: string;
  staff_id?: string;
  starts_at: string;
  customer: { name: string; email: string; phone?: string; timezone?: string; language?: string };
  answers?: { question_id: string; value: string }[];
  /** A series (docs/series-and-waitlists.md): every occurrence at the same local time. */
  repeat?: { every: "week" | "2_weeks" | "4_weeks"; count: number };
};

export type JoinWaitlistRequest = Pick<CreateBookingRequest, "service_id" | "staff_id" | "starts_at" | "customer">;
