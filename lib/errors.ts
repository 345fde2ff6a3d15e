/**
 * Typed domain errors. Each carries the spec's stable `type`; lib/http owns the only
 * type → HTTP status table. Domain code never speaks HTTP.
 */
export const ERROR_TYPES = [
  "unauthorized",
  "plan_limit_exceeded",
  "secret_key_required",
  "origin_not_allowed",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "slot_unavailable",
  "conflict",
  "booking_not_pending",
  "booking_not_confirmed",
  "booking_not_cancellable",
  "no_show_not_applicable",
  "hold_expired",
  "hold_extension_limit_reached",
  "payload_too_large",
  "validation_failed",
  "verification_failed",
  "too_late_to_cancel",
  "too_late_to_reschedule",
  "outside_working_hours",
  "idempotency_mismatch",
  "rate_limited",
  "booking_volume_refused",
  "internal_error",
  "transient_failure",
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];

export type PlanDimension = "bookings" | "staff" | "workspaces";

export type ErrorDetails = {
  /** The one field a 422 names; dotted path for nested fields. */
  param?: string;
  dimension?: PlanDimension;
  used?: number;
  limit?: number;
  /** slot_unavailable of a series: the starts that cannot be booked (docs/series-and-waitlists.md). */
  unavailable?: string[];
};

export class DomainError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const notFound = (resource: string) => new DomainError("not_found", `No such ${resource}.`);

export const validationFailed = (param: string | undefined, message: string) =>
  new DomainError("validation_failed", message, param === undefined ? {} : { param });

export const conflict = (message: string) => new DomainError("conflict", message);

export const slotUnavailable = () => new DomainError("slot_unavailable", "That time is no longer available. Choose another slot.");

/** A series refused whole: `unavailable` names the starts that cannot be booked. */
export const seriesUnavailable = (unavailable: string[]) =>
  new DomainError("slot_unavailable", "Not every occurrence of this series is available; nothing was booked. Choose another time.", { unavailable });
