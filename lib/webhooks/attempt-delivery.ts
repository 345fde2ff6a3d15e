import { reportDeliveryAttempt } from "@/lib/log/delivery-attempts";
import { countWebhookDelivery } from "@/lib/observability/metrics";
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { webhookDeliveries, webhookEndpoints, type DeliveryStatus, type WebhookDeliveryRow } from "@/lib/db/schema";
import { unseal } from "@/lib/secrets/seal";
import type { Clock } from "@/lib/time/clock";
import { toUtcIsoOrNull } from "@/lib/time/zoned";
import { postWebhook, type PostOutcome } from "./post-webhook";
import { signatureHeader } from "./signature";
import { withTransaction } from "@/lib/db/transaction";

export const MAX_DELIVERY_ATTEMPTS = 5;
/** Waits after attempts 1–4 (spec "Retries"): 1 minute, 30 minutes, 2 hours, 6 hours. */
export const RETRY_WAITS_MS = [60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** Deliveries in a row that exhaust their attempts before the endpoint is deactivated. */
export const EXHAUSTED_DELIVERIES_TO_DEACTIVATE = 3;
/** How long one sender owns an attempt; longer than the 10 s cut-off with room to record. */
export const CLAIM_TTL_MS = 2 * 60_000;

export type AttemptResult = {
  deliveryId: string;
  /** sent: an attempt was made; otherwise why not (someone else holds it, not due, …). */
  outcome: "sent" | "not_due" | "in_flight" | "endpoint_inactive" | "not_found";
  status: DeliveryStatus | null;
  attempts: number;
  /** ISO, so the result survives Inngest's JSON memoisation unchanged. */
  nextRetryAt: string | null;
  /** Nothing more for a driver to do: the delivery is finished or its endpoint is off. */
  done: boolean;
};

type Claim = { row: WebhookDeliveryRow; token: string };

const claimIsFree = (now: Date): SQL => or(isNull(webhookDeliveries.claimExpiresAt), lte(webhookDeliveries.claimExpiresAt, now))!;

const endpointIsActive = sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${webhookDeliveries.endpointId} and ${webhookEndpoints.active})`;

/**
 * One domain step of webhook work (docs/decisions.md#background-work): if the delivery is due, claim it, POST it
 * once, record the outcome and schedule the next attempt. Both drivers call this; it never
 * throws on a receiver's failure. `manual` (the retry endpoint) sends now whatever the
 * status, schedule or endpoint state, as long as no other sender holds the delivery.
 */
export async function attemptDelivery(db: Db, deliveryId: string, clock: Clock, options: { manual?: boolean } = {}): Promise<AttemptResult> {
  const token = randomUUID();
  const now = clock.now();
  const condition = options.manual
    ? and(eq(webhookDeliveries.id, deliveryId), claimIsFree(now))
    : and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextRetryAt, now),
        claimIsFree(now),
        endpointIsActive,
      );
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ claimToken: token, claimExpiresAt: new Date(now.getTime() + CLAIM_TTL_MS) })
    .where(condition)
    .returning();
  if (claimed) return sendClaimed(db, { row: claimed, token }, clock);
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  return row ? explainNotClaimed(db, row, now) : notSent(deliveryId, "not_found", undefined);
}

/**
 * Claims up to `limit` due deliveries of active endpoints. FOR UPDATE SKIP LOCKED makes
 * concurrent sweeps (several app instances) take disjoint rows; the claim expiry keeps a
 * row taken after the transaction ends, while its attempt runs.
 */
export async function claimDueDeliveries(db: Db, now: Date, limit: number): Promise<Claim[]> {
  return withTransaction({ db }, async (tx) => {
    const due = await tx
      .select({ delivery: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextRetryAt, now), claimIsFree(now), eq(webhookEndpoints.active, true)))
      .orderBy(webhookDeliveries.nextRetryAt, webhookDeliveries.id)
      .limit(limit)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    const claims: Claim[] = [];
    for (const { delivery } of due) {
      const token = randomUUID();
      await tx
        .update(webhookDeliveries)
        .set({ claimToken: token, claimExpiresAt: new Date(now.getTime() + CLAIM_TTL_MS) })
        .where(eq(webhookDeliveries.id, delivery.id));
      claims.push({ row: delivery, token });
    }
    return claims;
  });
}

/**
 * Sends a claimed delivery once and records what happened, as of when the attempt ended (a
 * timed-out attempt ends 10 s after it started; docs/decisions.md#every-request-answered-by-our-code).
 */
export async function sendClaimed(db: Db, claim: Claim, clock: Clock): Promise<AttemptResult> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, claim.row.endpointId));
  const outcome = endpoint ? await post(claim.row, endpoint.url, endpoint.secretSealed, clock.now()) : lost("Endpoint no longer exists");
  const result = await recordOutcome(db, claim, outcome, clock.now());
  if (result.outcome === "sent") countWebhookDelivery(result.status === "succeeded" ? "succeeded" : result.status === "pending" ? "retrying" : "failed");
  return result;
}

async function post(row: WebhookDeliveryRow, url: string, secretSealed: string, now: Date): Promise<PostOutcome> {
  let secret: string;
  try {
    secret = unseal(secretSealed);
  } catch {
    return lost("The signing secret cannot be read (APP_SECRET changed?); rotate the endpoint's secret");
  }
  const body = JSON.stringify(row.payload);
  return postWebhook({
    url,
    body,
    allowAnyAddress: getConfig().devTools,
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "BookingPlatform-Webhooks/1",
      "Booking-Signature": signatureHeader(secret, body, now),
      "Booking-Event": row.eventType,
      "Booking-Delivery": row.id,
    },
  });
}

const lost = (error: string): PostOutcome => ({ ok: false, responseStatus: null, error });

/**
 * Writes the attempt and, in the same transaction, the endpoint's health: a success resets
 * the exhausted-in-a-row count; an exhausted delivery adds one and the third in a row turns
 * the endpoint off, in one UPDATE … RETURNING so concurrent exhaustions cannot miscount.
 */
async function recordOutcome(db: Db, claim: Claim, outcome: PostOutcome, endedAt: Date): Promise<AttemptResult> {
  const attempts = claim.row.attempts + 1;
  const wasPending = claim.row.status === "pending";
  const exhausted = !outcome.ok && wasPending && attempts >= MAX_DELIVERY_ATTEMPTS;
  const retryLater = !outcome.ok && wasPending && !exhausted;
  const status: DeliveryStatus = outcome.ok ? "succeeded" : retryLater ? "pending" : "failed";
  const nextRetryAt = retryLater ? new Date(endedAt.getTime() + RETRY_WAITS_MS[attempts - 1]!) : null;
  if (!outcome.ok) {
    reportDeliveryAttempt({
      delivery: "webhook",
      outcome: retryLater ? "failed" : "given_up",
      ids: { delivery_id: claim.row.id, endpoint_id: claim.row.endpointId, workspace_id: claim.row.workspaceId, event: claim.row.eventType },
      attempt: attempts,
      answer: outcome.error,
    });
  }

  return withTransaction({ db }, async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: outcome.responseStatus,
        lastError: outcome.ok ? null : outcome.error,
        nextRetryAt,
        completedAt: status === "pending" ? null : endedAt,
        claimToken: null,
        claimExpiresAt: null,
      })
      .where(and(eq(webhookDeliveries.id, claim.row.id), eq(webhookDeliveries.claimToken, claim.token)))
      .returning();
    // The claim expired and another sender took over: its record wins, ours is dropped.
    if (!updated) return notSent(claim.row.id, "in_flight", claim.row);

    const endpoint = webhookEndpoints;
    if (outcome.ok) {
      await tx.update(endpoint).set({ consecutiveFailures: 0, lastSuccessAt: endedAt }).where(eq(endpoint.id, updated.endpointId));
    } else if (exhausted) {
      await tx
        .update(endpoint)
        .set({
          consecutiveFailures: sql`${endpoint.consecutiveFailures} + 1`,
          active: sql`case when ${endpoint.consecutiveFailures} + 1 >= ${EXHAUSTED_DELIVERIES_TO_DEACTIVATE} then false else ${endpoint.active} end`,
          lastFailureAt: endedAt,
        })
        .where(eq(endpoint.id, updated.endpointId));
    } else {
      await tx.update(endpoint).set({ lastFailureAt: endedAt }).where(eq(endpoint.id, updated.endpointId));
    }
    return {
      deliveryId: updated.id,
      outcome: "sent" as const,
      status: updated.status,
      attempts: updated.attempts,
      nextRetryAt: toUtcIsoOrNull(updated.nextRetryAt),
      done: updated.status !== "pending",
    };
  });
}

async function explainNotClaimed(db: Db, row: WebhookDeliveryRow, now: Date): Promise<AttemptResult> {
  if (row.claimExpiresAt && row.claimExpiresAt > now) return notSent(row.id, "in_flight", row);
  if (row.status !== "pending") return notSent(row.id, "not_due", row);
  const [endpoint] = await db.select({ active: webhookEndpoints.active }).from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint?.active) return notSent(row.id, "endpoint_inactive", row);
  return notSent(row.id, "not_due", row);
}

function notSent(deliveryId: string, outcome: AttemptResult["outcome"], row: WebhookDeliveryRow | undefined): AttemptResult {
  return {
    deliveryId,
    outcome,
    status: row?.status ?? null,
    attempts: row?.attempts ?? 0,
    nextRetryAt: toUtcIsoOrNull(row?.nextRetryAt),
    done: !row || row.status !== "pending" || outcome === "endpoint_inactive",
  };
}
