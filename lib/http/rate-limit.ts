import { sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { RateLimitRule } from "@/lib/openapi/operation";

/** Requests per fixed calendar minute (the spec's Limits table). */
export const RATE_LIMIT_PER_MINUTE: Record<RateLimitRule, number> = {
  availability: 60,
  booking_create: 10,
  booking_verify: 10,
  // docs/decisions.md#verification-codes: "rate-limited like verify", on a budget of its own so resends never eat verify's.
  booking_resend_code: 10,
  public: 30,
};

export function minuteWindow(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

/**
 * Charges one unit to each bucket in one statement (no read-modify-write race, shared by
 * every instance) and refuses when any bucket is over its budget. A refused request has
 * still consumed its unit.
 */
export async function chargeRateLimit(db: Queryable, rule: RateLimitRule, buckets: string[], now: Date): Promise<void> {
  const window = minuteWindow(now);
  const values = sql.join(
    buckets.map((bucket) => sql`(${`${rule}:${bucket}`}, ${window.toISOString()}::timestamptz, 1)`),
    sql`, `,
  );
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limit_counters (bucket, window_start, count) VALUES ${values}
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
    RETURNING count`);
  const rows = Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows;
  if (rows.some((row) => Number(row.count) > RATE_LIMIT_PER_MINUTE[rule])) {
    throw new DomainError("rate_limited", "Too many requests. Try again after the start of the next minute.");
  }
}
