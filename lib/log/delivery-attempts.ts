import { countMessageOutcome } from "@/lib/observability/metrics";
import { getLogger, scrub } from "./logger";

/**
 * Every attempt to hand something to the outside world ends here, once: an email or SMS of the
 * outbox, a webhook delivery, an external calendar's sync. A failure writes one log line
 * (docs/operations.md#delivery-failures): `warn` while it will be tried again, `error` when it
 * is given up, with its ids, the attempt number and the provider's answer, scrubbed of any
 * address, number or key. A success writes nothing (it is the common case).
 *
 * It is also where an email's or SMS's outcome is counted for GET /metrics.
 */
export type DeliveryKind = "email" | "sms" | "webhook" | "calendar_sync";
export type DeliveryOutcome = "sent" | "failed" | "given_up";

export type DeliveryAttempt = {
  delivery: DeliveryKind;
  outcome: DeliveryOutcome;
  /** Ids only (message, delivery, endpoint, calendar, workspace, booking): never an address or a body. */
  ids: Record<string, string | null | undefined>;
  /** Which attempt this was, counting from 1. */
  attempt?: number;
  /** The provider's answer (its status and text), or why nothing answered. */
  answer?: string;
};

const MESSAGE: Record<DeliveryKind, string> = {
  email: "email delivery",
  sms: "sms delivery",
  webhook: "webhook delivery",
  calendar_sync: "external calendar sync",
};

const MESSAGE_OUTCOME = { sent: "sent", failed: "retrying", given_up: "failed" } as const;

export function reportDeliveryAttempt(attempt: DeliveryAttempt): void {
  if (attempt.delivery === "email" || attempt.delivery === "sms") countMessageOutcome(attempt.delivery, MESSAGE_OUTCOME[attempt.outcome]);
  if (attempt.outcome === "sent") return;
  const fields = {
    delivery: attempt.delivery,
    outcome: attempt.outcome,
    ...Object.fromEntries(Object.entries(attempt.ids).filter(([, value]) => value !== null && value !== undefined)),
    ...(attempt.attempt === undefined ? {} : { attempt: attempt.attempt }),
    ...(attempt.answer === undefined ? {} : { answer: scrub(attempt.answer).slice(0, 500) }),
  };
  const logger = getLogger();
  if (attempt.outcome === "given_up") logger.error(fields, `${MESSAGE[attempt.delivery]} given up`);
  else logger.warn(fields, `${MESSAGE[attempt.delivery]} failed; it will be tried again`);
}
