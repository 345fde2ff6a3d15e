import { eq, sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import { clockOffset } from "@/lib/db/schema";

/** The one source of "now". Every time decision reads a Clock, never `new Date()`. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(instant: Date): Clock {
  return { now: () => new Date(instant.getTime()) };
}

export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}

/**
 * The app's clock: real time plus the dev-tools offset kept in the database (so every
 * instance agrees). With dev tools off there is no offset and no query.
 */
export async function loadClock(db: Queryable): Promise<Clock> {
  if (!getConfig().devTools) return systemClock;
  return offsetClock(await readClockOffset(db));
}

export async function readClockOffset(db: Queryable): Promise<number> {
  const [row] = await db.select({ offsetMs: clockOffset.offsetMs }).from(clockOffset).where(eq(clockOffset.id, 1));
  return row?.offsetMs ?? 0;
}

export async function setClockOffset(db: Queryable, offsetMs: number): Promise<void> {
  await db
    .insert(clockOffset)
    .values({ id: 1, offsetMs })
    .onConflictDoUpdate({ target: clockOffset.id, set: { offsetMs: sql`excluded.offset_ms` } });
}
