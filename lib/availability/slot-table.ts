import { allowedStartWindow, computeAvailability, type AvailabilityInput, type ServiceRules } from "./engine";
import { sliceAvailabilityPieces, toSlotBytes, type CalendarSlotBytes } from "./serialize";

/**
 * A slot table: every calendar's slots whose start lies in [firstMs, lastMs] — the
 * working-hours grid minus time off and busy time, with no lead or advance limit — already
 * written as JSON bytes (serialize.ts). The clock and the requested range enter a slot's fate
 * only through its start (engine.ts: `start ≥ from`, `start < to`, `start ≥ now + min_lead`,
 * `start ≤ now + max_advance`), so the answer for any range and clock whose allowed starts lie
 * inside the stretch is, per calendar, one run of the table's slots. slot-table.test.ts holds
 * this against the engine itself.
 */
export type SlotTableInput = Omit<AvailabilityInput, "nowMs" | "fromMs" | "toMs"> & { firstMs: number; lastMs: number };

export function buildSlotTable(input: SlotTableInput): CalendarSlotBytes[] {
  const { firstMs, lastMs, ...rest } = input;
  const calendars =
    firstMs <= lastMs
      ? computeAvailability({
          ...rest,
          rules: { ...rest.rules, minLeadMinutes: 0, maxAdvanceDays: Infinity },
          nowMs: firstMs,
          fromMs: firstMs,
          toMs: lastMs + 1,
        })
      : input.calendars.map((calendar) => ({ staffId: calendar.staffId, slots: [] }));
  return toSlotBytes(calendars, input.timezone);
}

/**
 * The starts an answer may hold at nowMs for [fromMs, toMs): [firstMs, lastMs], or null when
 * none (or when `offered` is false: the service takes no booking of this kind).
 */
export function answerWindow(rules: ServiceRules, offered: boolean, nowMs: number, fromMs: number, toMs: number) {
  return offered ? allowedStartWindow(rules, nowMs, fromMs, toMs) : null;
}

/**
 * GET /v1/availability's body cut from a table that covers the answer's window, as pieces
 * to write one after another (views into the table's bytes), and the runs of slots they hold
 * (see sliceAvailabilityPieces).
 */
export function answerFromSlotTable(table: CalendarSlotBytes[], window: { firstMs: number; lastMs: number } | null): { pieces: Uint8Array[]; runs: string[] } {
  return window ? sliceAvailabilityPieces(table, window.firstMs, window.lastMs) : sliceAvailabilityPieces(table, Infinity, -Infinity);
}
