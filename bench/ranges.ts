import type { DateTime } from "luxon";
import { OPEN_MINUTE, SLOT_INTERVAL_MINUTES } from "./seed";

/** Slot starts each end of a new range steps through: the first 32 of two days. */
const STEPS = 64;

/**
 * The `index`-th of the bench's new ranges of `days` days from `firstDay`. Availability
 * answers are named (their ETag) by the slots they hold (a range one minute later mostly holds
 * the same ones), so the two ends step through the first 64 slot starts of the range's first
 * two days and of its last two: 4,096 ranges, each holding other slots, all inside the one
 * slot table the first of them builds.
 */
export function newRange(firstDay: DateTime, days: number, index: number): { from: DateTime; to: DateTime } {
  return { from: slotStart(firstDay, index % STEPS), to: slotStart(firstDay.plus({ days: days - 2 }), Math.floor(index / STEPS) % STEPS) };
}

function slotStart(day: DateTime, step: number): DateTime {
  return day.plus({ days: Math.floor(step / (STEPS / 2)), minutes: OPEN_MINUTE + SLOT_INTERVAL_MINUTES * (step % (STEPS / 2)) });
}
