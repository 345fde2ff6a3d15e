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
  /** The one field a 422 (or a 409 about one value) names; dotted path for nested fields. */
  param?: string;
  dimension?: PlanDimension;
  used?: number;
  limit?: number;
  /** slot_unavailable of a series: the starts that cannot be booked (docs/series-and-waitlists.md). */
  unavailable?: string[];
  /** slot_unavailable of one time: why it cannot be had, for clients to match on (the message is for people). */
  reason?: SlotUnavailableCause;
  /**
   * validation_failed by a schema: what the schema found, so a page can say it in its reader's
   * language (docs/console.md#refusals). Never in the envelope: the API speaks through its message.
   */
  issue?: ValidationIssue;
};

/** The schema's finding behind a validation_failed, in zod's own terms. */
export type ValidationIssue = { code: string; origin?: string; format?: string; minimum?: number; maximum?: number };

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

export const validationFailed = (param: string | undefined, message: string, issue?: ValidationIssue) =>
  new DomainError("validation_failed", message, { ...(param === undefined ? {} : { param }), ...(issue ? { issue } : {}) });

/** `param`: the field whose value meets the conflict, when one does (the waitlist's two refusals). */
export const conflict = (message: string, param?: string) => new DomainError("conflict", message, param === undefined ? {} : { param });

/**
 * Why a time cannot be had, as the verb that refused it saw it: a booking (or busy time) took it, the
 * business closed it (time off), or the last seat of its group session went. The type stays
 * `slot_unavailable`; the envelope's `reason` names the cause (docs/decisions.md#bookings) and the
 * message says it, so neither a page nor an email says someone booked a time the business closed.
 */
export const SLOT_UNAVAILABLE_CAUSES = ["booked", "closed", "full"] as const;
export type SlotUnavailableCause = (typeof SLOT_UNAVAILABLE_CAUSES)[number];

const SLOT_UNAVAILABLE_MESSAGES: Record<SlotUnavailableCause, string> = {
  booked: "That time was just booked. Choose another slot.",
  closed: "That time is no longer open: the business is unavailable then. Choose another slot.",
  full: "The last spot at that time was just taken. Choose another slot.",
};

export const slotUnavailable = (cause: SlotUnavailableCause = "booked") =>
  new DomainError("slot_unavailable", SLOT_UNAVAILABLE_MESSAGES[cause], { reason: cause });

/** A series refused whole: `unavailable` names the starts that cannot be booked. */
export const seriesUnavailable = (unavailable: string[]) =>
  new DomainError("slot_unavailable", "Not every occurrence of this series is available; nothing was booked. Choose another time.", { unavailable });
