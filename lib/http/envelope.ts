import { DomainError } from "@/lib/errors";
import { HTTP_STATUS_BY_ERROR_TYPE } from "@/lib/openapi/status";
import { jsonResponse } from "./json";

export type KeyType = "sk" | "pk" | "ak" | "none";

export type ErrorBody = {
  error: { type: string; message: string; param?: string; dimension?: string; used?: number; limit?: number; unavailable?: string[]; reason?: string };
};

/**
 * The spec's envelope. A 402 body depends on who asked: a publishable key learns nothing
 * about the cap, a secret key learns the dimension, an account key also limit and used.
 */
export function toErrorBody(error: DomainError, keyType: KeyType): ErrorBody {
  const body: ErrorBody["error"] = { type: error.type, message: error.message };
  const { param, dimension, used, limit } = error.details;
  if (error.type === "validation_failed" || error.type === "conflict" || HTTP_STATUS_BY_ERROR_TYPE[error.type] === 422) {
    if (param !== undefined) body.param = param;
  }
  if (error.type === "plan_limit_exceeded") {
    if ((keyType === "sk" || keyType === "ak") && dimension !== undefined) body.dimension = dimension;
    if (keyType === "ak") {
      if (limit !== undefined) body.limit = limit;
      if (used !== undefined) body.used = used;
    }
  }
  if (error.type === "slot_unavailable" && error.details.unavailable !== undefined) body.unavailable = error.details.unavailable;
  // Stripe-style: a stable code for why the time went, beside the type, so a client words it without reading the message.
  if (error.type === "slot_unavailable" && error.details.reason !== undefined) body.reason = error.details.reason;
  return { error: body };
}

export function errorResponse(error: DomainError, keyType: KeyType, headers?: HeadersInit): Response {
  return jsonResponse(toErrorBody(error, keyType), { status: HTTP_STATUS_BY_ERROR_TYPE[error.type], headers });
}

export const INTERNAL_ERROR = new DomainError("internal_error", "Something went wrong on our side. It has been logged.");
