import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkWorkingHours } from "./working-hours-rules";
import type { WorkingHoursBlock } from "./schemas";

const block = (weekday: number, start_minute: number, end_minute: number): WorkingHoursBlock => ({ weekday, start_minute, end_minute });

/** Brute force: minute by minute, does any minute of a weekday belong to two blocks? */
function overlapsByMinute(blocks: WorkingHoursBlock[]): boolean {
  const taken = new Set<string>();
  for (const b of blocks) {
    for (let minute = b.start_minute; minute < b.end_minute; minute++) {
      const key = `${b.weekday}:${minute}`;
      if (taken.has(key)) return true;
      taken.add(key);
    }
  }
  return false;
}

describe("checkWorkingHours", () => {
  it("accepts an empty week, touching blocks and equal hours on different days", () => {
    expect(() => checkWorkingHours([])).not.toThrow();
    expect(() => checkWorkingHours([block(1, 540, 720), block(1, 720, 1020), block(2, 540, 720)])).not.toThrow();
    expect(() => checkWorkingHours([block(0, 0, 1440)])).not.toThrow();
  });

  it("names the later element of an overlapping pair, and the end of an empty block", () => {
    const param = (blocks: WorkingHoursBlock[]) => {
      try {
        checkWorkingHours(blocks);
        return undefined;
      } catch (error) {
        return (error as { details: { param?: string } }).details.param;
      }
    };
    expect(param([block(1, 600, 700), block(1, 540, 601)])).toBe("working_hours.1");
    expect(param([block(1, 540, 601), block(3, 0, 5), block(1, 600, 700)])).toBe("working_hours.2");
    expect(param([block(1, 540, 540)])).toBe("working_hours.0.end_minute");
  });

  it("refuses exactly the weeks where some minute of a day is in two blocks", () => {
    const arbitraryBlock = fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 240 }))
      .map(([weekday, start, length]) => block(weekday, start, Math.min(1440, start + length)));
    fc.assert(
      fc.property(fc.array(arbitraryBlock, { maxLength: 8 }), (blocks) => {
        const refused = (() => {
          try {
            checkWorkingHours(blocks);
            return false;
          } catch {
            return true;
          }
        })();
        expect(refused).toBe(overlapsByMinute(blocks));
      }),
      { numRuns: 300 },
    );
  });
});
