import { z } from "zod";
import type { oas31 } from "zod-openapi";
import { ERROR_TYPES, type ErrorType } from "@/lib/errors";
import { HTTP_STATUS_BY_ERROR_TYPE } from "./status";
import { ErrorEnvelope } from "@/lib/schemas";
import type { AuthKind, Operation } from "./operation";

/**
 * What each error `type` means and whether a client should retry it: the one text behind the
 * document's per-status enums and the errors guide (/docs/errors).
 */
export const ERROR_TYPE_GUIDE: Record<ErrorType, { meaning: string; retry: string }> = {
  unauthorized: { meaning: "The Authorization header is missing, malformed, or names an unknown or revoked key.", retry: "No: send a valid key." },
  plan_limit_exceeded: {
    meaning: "A plan cap stopped the request (dimension says which: bookings, staff or workspaces).",
    retry: "No: raise the plan or free capacity first.",
  },
  secret_key_required: { meaning: "The route needs a secret key and a publishable key was sent.", retry: "No: call it from your server with an sk_ key." },
  origin_not_allowed: {
    meaning: "The request's Origin is not on the publishable key's allowed_origins.",
    retry: "No: add the origin with PATCH /v1/api-keys/{id}.",
  },
  forbidden: { meaning: "The key is valid but cannot do this (an account key on a workspace route, or the reverse).", retry: "No: use the right kind of key." },
  not_found: { meaning: "No such record on this workspace (another workspace's record is not found either), or no such route.", retry: "No." },
  method_not_allowed: { meaning: "The path exists but does not serve this method; Allow lists the ones it does.", retry: "No." },
  slot_unavailable: {
    meaning:
      "The time was taken meanwhile (also the loser of a simultaneous booking). `reason` says why, to match on: booked (a booking or busy time took it), closed (the business is unavailable then: time off) or full (the last seat of a group session went). For a series, `unavailable` lists the occurrences that cannot be booked, nothing was booked, and there is no reason.",
    retry: "No: read availability again and pick another time.",
  },
  conflict: {
    meaning:
      "The resource already exists (a taken slug), a request with the same Idempotency-Key is still running, or the waitlist refuses a join: param starts_at (the session has a free seat: book it) or customer.email (that email already waits for it).",
    retry: "Only the Idempotency-Key case, after a moment; otherwise change the request.",
  },
  booking_not_pending: { meaning: "The booking is not waiting for confirmation (or not on a hold).", retry: "No: read the booking's status." },
  booking_not_confirmed: { meaning: "Only a confirmed booking can be moved.", retry: "No." },
  booking_not_cancellable: { meaning: "The booking's status cannot be cancelled (already cancelled, expired or a no-show).", retry: "No." },
  no_show_not_applicable: { meaning: "Only a confirmed booking whose start has passed can be marked no-show (and only a no-show cleared).", retry: "No." },
  hold_expired: { meaning: "The booking's hold lapsed before it could be extended.", retry: "No: book again." },
  hold_extension_limit_reached: { meaning: "The hold was already extended twice.", retry: "No." },
  payload_too_large: { meaning: "The request body is over 64 KiB.", retry: "No: send less." },
  validation_failed: { meaning: "The request is malformed; param names the field (dotted path for nested fields).", retry: "No: fix the named field." },
  verification_failed: {
    meaning: "The 6-digit code was refused: wrong code, lapsed hold, too many attempts and unknown booking are not told apart.",
    retry: "No: ask the customer again, or resend the code.",
  },
  too_late_to_cancel: { meaning: "The customer's cancellation window (min_cancel_notice_minutes before the start) has closed.", retry: "No." },
  too_late_to_reschedule: {
    meaning:
      "The customer's reschedule window (the same cutoff as cancelling) has closed, or (param starts_at) the new time lies inside the booking's own notice window.",
    retry: "No; with param starts_at, with a later time.",
  },
  outside_working_hours: { meaning: "The time is not inside one of the calendar's working-hours blocks.", retry: "No: pick an offered slot." },
  idempotency_mismatch: { meaning: "The Idempotency-Key was used before with a different body.", retry: "No: use a new key for a new request." },
  rate_limited: {
    meaning: "A publishable-key or per-IP limit for this minute was reached (no Retry-After header).",
    retry: "Yes, after the next minute boundary.",
  },
  booking_volume_refused: {
    meaning: "A platform safety limit on bookings per account and billing period; no plan raises it.",
    retry: "No: it resets with the billing period.",
  },
  internal_error: {
    meaning: "A fault on our side; it was logged with the Request-Id.",
    retry: "Yes, with backoff; a write that takes an Idempotency-Key with the same key (it replays the first attempt's answer if that one committed).",
  },
  transient_failure: {
    meaning: "Two writes contended, a delivery is being attempted right now, or the database could not be reached (never answered as 401).",
    retry: "Yes, at once or with a short backoff.",
  },
};

/** Errors every operation of an auth kind can answer, besides its own (lib/http/auth.ts). */
const ERRORS_BY_AUTH: Record<AuthKind, ErrorType[]> = {
  sk: ["unauthorized", "secret_key_required", "forbidden"],
  sk_pk: ["unauthorized", "origin_not_allowed", "forbidden"],
  ak: ["unauthorized", "secret_key_required", "forbidden"],
  public: [],
};

/** A path parameter the route wrapper refuses before any lookup (a malformed id) is a 404. */
function canRefusePath(operation: Operation): boolean {
  if (!operation.params) return false;
  const anyText = Object.fromEntries(Object.keys(operation.params.shape).map((name) => [name, "x"]));
  return !operation.params.safeParse(anyText).success;
}

/**
 * Path bytes that do not decode (bad percent-encoding, invalid UTF-8) or name no route are a
 * 404 before any operation runs (docs/decisions.md#every-request-answered-by-our-code). For an operation whose own answer is never a
 * 404 (verify: an unknown id is the same 422 as a wrong code), that is the only 404 it has.
 */
function hasOnlyKernelNotFound(operation: Operation): boolean {
  return operation.params !== undefined && !canRefusePath(operation) && !operation.errors.includes("not_found");
}

/** Every error type an operation can answer: its auth, its inputs, its limits and its own. */
export function listErrorTypes(operation: Operation): ErrorType[] {
  const types = new Set<ErrorType>([...ERRORS_BY_AUTH[operation.auth], ...operation.errors, "internal_error"]);
  if (operation.params) types.add("not_found");
  if (operation.body || operation.query || operation.idempotent) types.add("validation_failed");
  if (operation.body) types.add("payload_too_large");
  if (operation.rateLimit) types.add("rate_limited");
  // Contention (a serialization failure or deadlock) hits writes; a database that cannot be
  // reached (docs/deploy.md) hits any request, authentication included.
  types.add("transient_failure");
  if (operation.idempotent) types.add("idempotency_mismatch");
  return ERROR_TYPES.filter((type) => types.has(type));
}

const ErrorObject = ErrorEnvelope.shape.error;

const pascal = (type: string) => type.replace(/(^|_)([a-z])/g, (_match, _separator: string, letter: string) => letter.toUpperCase());
const envelopes = new Map<string, z.ZodType>();

/**
 * The envelope of one status: `type` is an enum of exactly the types this status carries here.
 * Each distinct set is one named component (ErrorNotFound, ErrorSecretKeyRequiredOrForbidden, …),
 * so operations share them and the document stays small enough to render quickly.
 */
function errorEnvelopeFor(status: number, types: ErrorType[]): z.ZodType {
  const id = `Error${types.map(pascal).join("Or")}`;
  const known = envelopes.get(id);
  if (known) return known;
  // The meanings are written once, in the errors guide; each enum lists only what this status can carry.
  const type = z.enum(types as [ErrorType, ...ErrorType[]]).meta({ description: "Stable code; match on this. Meanings and when to retry: /docs/errors." });
  const fields = {
    type,
    ...(status === 422 || types.includes("conflict") ? { param: ErrorObject.shape.param } : {}),
    ...(status === 402 ? { dimension: ErrorObject.shape.dimension, used: ErrorObject.shape.used, limit: ErrorObject.shape.limit } : {}),
    ...(types.includes("slot_unavailable") ? { reason: ErrorObject.shape.reason, unavailable: ErrorObject.shape.unavailable } : {}),
  };
  const envelope = z
    .object({ error: ErrorObject.pick({ type: true, message: true }).extend(fields) })
    .meta({ id, description: `The error envelope of a ${status} carrying ${types.join(" or ")}.` });
  envelopes.set(id, envelope);
  return envelope;
}

const STATUS_TEXT: Record<number, string> = {
  401: "Unauthorized",
  402: "Payment required (plan cap)",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Payload too large",
  422: "Unprocessable",
  429: "Too many requests",
  500: "Internal error",
  503: "Transient failure: retry",
};

/** One response per error status the operation can give, each with its own type enum and example. */
export function buildErrorResponses(operation: Operation, headers: oas31.HeadersObject) {
  const byStatus = new Map<number, [ErrorType, ...ErrorType[]]>();
  for (const type of listErrorTypes(operation)) {
    const status = HTTP_STATUS_BY_ERROR_TYPE[type];
    const known = byStatus.get(status);
    byStatus.set(status, known ? [...known, type] : [type]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, types]) => [
      String(status),
      {
        description:
          status === 404 && hasOnlyKernelNotFound(operation)
            ? "Not found: only a path whose bytes do not decode or that names no route; an unknown or malformed id is never a 404 here."
            : `${STATUS_TEXT[status] ?? "Error"}: ${types.join(", ")}.`,
        headers,
        content: {
          "application/json": {
            schema: errorEnvelopeFor(status, types),
            example: {
              error: {
                type: types[0],
                message: ERROR_TYPE_GUIDE[types[0]].meaning,
                ...(status === 422 ? { param: "starts_at" } : {}),
                ...(types[0] === "slot_unavailable" ? { reason: "booked" } : {}),
              },
            },
          },
        },
      },
    ]),
  );
}
