import { validationFailed } from "@/lib/errors";
import type { WorkingHoursBlock } from "./schemas";

/** Weekday, then start: the order a week is read in and stored. */
export function compareBlocks(a: WorkingHoursBlock, b: WorkingHoursBlock): number {
  return a.weekday - b.weekday || a.start_minute - b.start_minute || a.end_minute - b.end_minute;
}

/**
 * A week is valid when every block ends after it starts and no two blocks of one weekday
 * overlap. Blocks are half-open, so one may end exactly where the next starts (they stay two
 * blocks: an appointment never spans both). The refusal names the offending element.
 */
export function checkWorkingHours(blocks: WorkingHoursBlock[]): void {
  blocks.forEach((block, index) => {
    if (block.end_minute <= block.start_minute) {
      throw validationFailed(`working_hours.${index}.end_minute`, `working_hours.${index}.end_minute: must be after start_minute.`);
    }
  });
  const ordered = blocks.map((block, index) => ({ block, index })).sort((a, b) => compareBlocks(a.block, b.block));
  for (let i = 1; i < ordered.length; i++) {
    const previous = ordered[i - 1]!;
    const current = ordered[i]!;
    if (current.block.weekday === previous.block.weekday && current.block.start_minute < previous.block.end_minute) {
      const index = Math.max(previous.index, current.index);
      throw validationFailed(
        `working_hours.${index}`,
        `working_hours.${index}: overlaps working_hours.${Math.min(previous.index, current.index)} on weekday ${current.block.weekday}.`,
      );
    }
  }
}
