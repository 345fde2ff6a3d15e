"use client";

import { DateTime } from "luxon";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import styles from "./date-picker.module.css";

/** Calendar days as "yyyy-MM-dd" strings: wall dates, not instants, so no zone applies. */
export type IsoDate = string;

type DatePickerProps = {
  /** First day of the visible month. */
  month: IsoDate;
  selected: IsoDate | null;
  min: IsoDate;
  max: IsoDate;
  /** Days that have at least one open time; null while they load. */
  availableDays: ReadonlySet<IsoDate> | null;
  onSelect: (date: IsoDate) => void;
  onMonthChange: (month: IsoDate) => void;
  /** Formatting locale for month and day names; the page's language when omitted. */
  locale?: string;
  /** Screen-reader words; the page's language (`ui.datePicker.*`) when omitted. */
  labels?: Partial<DatePickerLabels> & { /** Unused: the chosen day is announced by aria-pressed. */ selected?: string };
  today: IsoDate;
};

type DatePickerLabels = { previousMonth: string; nextMonth: string; available: string; unavailable: string; today: string };

const day = (iso: IsoDate) => DateTime.fromISO(iso, { zone: "utc" });

/**
 * The locale's first day of the week (1 = Monday … 7 = Sunday). Browsers answer getWeekInfo();
 * Node 20, which renders the first paint, has only the older weekInfo getter: asking both keeps
 * the server's grid the browser's (a Monday-first grid hydrated as Sunday-first was React #418).
 */
function firstWeekday(locale: string): number {
  try {
    type WeekInfo = { firstDay: number };
    const intlLocale = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    const info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
    return info?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/**
 * A month grid operable from the keyboard the way the ARIA date-picker pattern describes:
 * arrows move by day and week (left and right swap in a right-to-left page, as the grid
 * does), Home/End to the week's ends, PageUp/PageDown by month.
 * One day is in the tab order (roving tabindex): while focus is in the grid, the day it is on;
 * from outside, the chosen day, else the month's first day with times, else today, so Tab
 * lands where the customer's times are (issue 40), not on a day that offers none. Days without
 * times stay focusable but refuse selection, so arrowing through the month never skips silently.
 */
export function DatePicker(props: DatePickerProps) {
  const { month, selected, min, max, availableDays, onSelect, onMonthChange, today } = props;
  const t = useTranslations("ui.datePicker");
  const pageLocale = useLocale();
  const locale = props.locale ?? pageLocale;
  const labels: DatePickerLabels = {
    previousMonth: t("previousMonth"),
    nextMonth: t("nextMonth"),
    available: t("available"),
    unavailable: t("unavailable"),
    today: t("today"),
    ...props.labels,
  };
  // The day focus is on while it is inside the grid; null once it leaves, so the stop rests again.
  const [active, setActive] = useState<IsoDate | null>(null);
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const weekStart = useMemo(() => firstWeekday(locale), [locale]);
  const monthStart = day(month).startOf("month");
  const inMonth = (iso: IsoDate | null): iso is IsoDate => iso !== null && day(iso).hasSame(monthStart, "month");
  const isAvailable = (iso: IsoDate) => iso >= min && iso <= max && (availableDays?.has(iso) ?? false);
  const firstAvailable = [...(availableDays ?? [])].filter((iso) => inMonth(iso) && isAvailable(iso)).sort()[0] ?? null;
  const resting = inMonth(selected) ? selected : (firstAvailable ?? clamp(inMonth(today) ? today : month, min, max));
  const focused = inMonth(active) ? active : resting;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const weeks = buildWeeks(monthStart, weekStart);
  const canGoBack = monthStart.minus({ days: 1 }).toISODate()! >= min;
  const canGoForward = monthStart.plus({ months: 1 }).toISODate()! <= max;

  function moveTo(target: DateTime) {
    const iso = clamp(target.toISODate()!, min, max);
    moved.current = true;
    setActive(iso);
    if (!day(iso).hasSame(monthStart, "month")) onMonthChange(day(iso).startOf("month").toISODate()!);
  }

  function onBlur(event: FocusEvent<HTMLTableElement>) {
    if (!grid.current?.contains(event.relatedTarget as Node | null)) setActive(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const current = day(focused);
    const offsetInWeek = ((current.weekday % 7) - weekStart + 7) % 7;
    const forward = getComputedStyle(event.currentTarget).direction === "rtl" ? -1 : 1;
    const moves: Record<string, () => DateTime> = {
      ArrowLeft: () => current.minus({ days: forward }),
      ArrowRight: () => current.plus({ days: forward }),
      ArrowUp: () => current.minus({ weeks: 1 }),
      ArrowDown: () => current.plus({ weeks: 1 }),
      Home: () => current.minus({ days: offsetInWeek }),
      End: () => current.plus({ days: 6 - offsetInWeek }),
      PageUp: () => current.minus({ months: 1 }),
      PageDown: () => current.plus({ months: 1 }),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  }

  const monthLabel = monthStart.setLocale(locale).toLocaleString({ month: "long", year: "numeric" });
  const weekdayNames = Array.from({ length: 7 }, (_, index) => monthStart.set({ weekday: (((weekStart + index - 1) % 7) + 1) as 1 }).setLocale(locale));

  return (
    <div className={styles.picker}>
      <div className={styles.header}>
        <button
          type="button"
          className={styles.nav}
          aria-label={labels.previousMonth}
          disabled={!canGoBack}
          onClick={() => onMonthChange(monthStart.minus({ months: 1 }).toISODate()!)}
        >
          {/* ‹ and › are mirrored glyphs: in a right-to-left page they point the other way by themselves. */}
          <span aria-hidden="true">‹</span>
        </button>
        <h3 className={styles.month} aria-live="polite">
          {monthLabel}
        </h3>
        <button
          type="button"
          className={styles.nav}
          aria-label={labels.nextMonth}
          disabled={!canGoForward}
          onClick={() => onMonthChange(monthStart.plus({ months: 1 }).toISODate()!)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} className={styles.table} aria-label={monthLabel} onBlur={onBlur}>
        <thead>
          <tr>
            {weekdayNames.map((weekday) => (
              <th key={weekday.weekday} scope="col" className={styles.weekday} abbr={weekday.toLocaleString({ weekday: "long" })}>
                {weekday.toLocaleString({ weekday: "short" })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.toISODate()}>
              {week.map((date) => {
                const iso = date.toISODate()!;
                if (!date.hasSame(monthStart, "month")) return <td key={iso} className={styles.cell} />;
                const available = isAvailable(iso);
                const isSelected = iso === selected;
                const state = [available ? labels.available : labels.unavailable, iso === today ? labels.today : null].filter(Boolean).join(", ");
                return (
                  <td key={iso} className={styles.cell}>
                    <button
                      type="button"
                      data-date={iso}
                      tabIndex={iso === focused ? 0 : -1}
                      className={[styles.day, available && styles.available, isSelected && styles.selected, iso === today && styles.today]
                        .filter(Boolean)
                        .join(" ")}
                      aria-label={`${date.setLocale(locale).toLocaleString({ weekday: "long", day: "numeric", month: "long", year: "numeric" })}, ${state}`}
                      aria-pressed={isSelected}
                      aria-disabled={!available || undefined}
                      onKeyDown={onKeyDown}
                      onFocus={() => setActive(iso)}
                      onClick={() => available && onSelect(iso)}
                    >
                      {date.setLocale(locale).toLocaleString({ day: "numeric" })}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function clamp(iso: IsoDate, min: IsoDate, max: IsoDate): IsoDate {
  return iso < min ? min : iso > max ? max : iso;
}

function buildWeeks(monthStart: DateTime, weekStart: number): DateTime[][] {
  const lead = ((monthStart.weekday % 7) - weekStart + 7) % 7;
  let cursor = monthStart.minus({ days: lead });
  const weeks: DateTime[][] = [];
  while (weeks.length === 0 || cursor.hasSame(monthStart, "month")) {
    weeks.push(Array.from({ length: 7 }, (_, index) => cursor.plus({ days: index })));
    cursor = cursor.plus({ weeks: 1 });
  }
  return weeks;
}
