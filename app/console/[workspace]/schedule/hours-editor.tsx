"use client";

import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { saveHoursAction } from "../../_setup/schedule-actions";
import { useSetupForm } from "../../_setup/use-setup-form";
import { FormError } from "../../_setup/field-error";
import { RefusalText } from "../../_refusal-text";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";

type Block = { weekday: number; start_minute: number; end_minute: number };
type Interval = { start: string; end: string };
type Week = Record<number, Interval[]>;

const on = (week: Week, weekday: number): Interval[] => week[weekday] ?? [];

/** Monday first, as a working week is read; 0 is Sunday as the API counts. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const SUNDAY = Date.UTC(2024, 0, 7);

const clock = (minute: number) => `${String(Math.floor((minute % 1440) / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
/** "HH:mm" as minutes; the end "00:00" is midnight at the end of the day (1440); an empty field is not a number, for the API to refuse. */
const minutes = (value: string, end: boolean): number | null => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const total = Number(match[1]) * 60 + Number(match[2]);
  return end && total === 0 ? 1440 : total;
};

/**
 * One calendar's week (PUT /v1/staff/{id}/working-hours): each day holds any number of
 * intervals (split shifts), a day can be copied onto others, and "Save hours" sends the whole
 * week. A refused week keeps what was typed and names the interval the API named.
 */
export function HoursEditor({ hidden, initial }: { hidden: { workspace: string; staff: string }; initial: Block[] }) {
  const t = useTranslations("console.schedule.hours");
  const locale = useLocale();
  const { state, pending, form } = useSetupForm(saveHoursAction);
  const [week, setWeek] = useState<Week>(() => {
    const start: Week = Object.fromEntries(WEEK.map((day) => [day, [] as Interval[]]));
    for (const block of initial) on(start, block.weekday).push({ start: clock(block.start_minute), end: clock(block.end_minute) });
    return start;
  });
  const [copying, setCopying] = useState<number | null>(null);
  const [targets, setTargets] = useState<number[]>([]);
  const dayName = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
    return (weekday: number) => format.format(new Date(SUNDAY + weekday * 86_400_000));
  }, [locale]);

  // The blocks in the order they are sent, so the API's index points back at a day's row.
  const sent = WEEK.flatMap((weekday) => on(week, weekday).map((interval, row) => ({ weekday, row, interval })));
  const body = sent.map(({ weekday, interval }) => ({ weekday, start_minute: minutes(interval.start, false), end_minute: minutes(interval.end, true) }));
  const refusedIndex = state.error?.param ? /^working_hours\.(\d+)/.exec(state.error.param)?.[1] : undefined;
  const refused = refusedIndex === undefined ? undefined : sent[Number(refusedIndex)];

  const change = (weekday: number, row: number, edit: Partial<Interval>) =>
    setWeek((current) => ({ ...current, [weekday]: on(current, weekday).map((interval, i) => (i === row ? { ...interval, ...edit } : interval)) }));
  const add = (weekday: number) =>
    setWeek((current) => {
      const last = on(current, weekday).at(-1);
      const next = last ? { start: last.end === "00:00" ? "12:00" : last.end, end: "00:00" } : { start: "09:00", end: "17:00" };
      return { ...current, [weekday]: [...on(current, weekday), next] };
    });
  const remove = (weekday: number, row: number) => setWeek((current) => ({ ...current, [weekday]: on(current, weekday).filter((_, i) => i !== row) }));
  const copy = (from: number) => {
    setWeek((current) => ({ ...current, ...Object.fromEntries(targets.map((day) => [day, on(current, from).map((interval) => ({ ...interval }))])) }));
    setCopying(null);
    setTargets([]);
  };

  return (
    <form {...form}>
      <input type="hidden" name="workspace" value={hidden.workspace} />
      <input type="hidden" name="staff" value={hidden.staff} />
      <input type="hidden" name="working_hours" value={JSON.stringify(body)} />
      <p className={styles.hint}>{t("hint")}</p>
      {refused === undefined ? <FormError state={state} params={[]} /> : null}
      {WEEK.map((weekday) => {
        const name = dayName(weekday);
        const intervals = on(week, weekday);
        return (
          <fieldset key={weekday} className={styles.day}>
            <legend>{name}</legend>
            {intervals.length === 0 ? <p className={styles.hint}>{t("closed")}</p> : null}
            {intervals.map((interval, row) => {
              const id = `hours-${weekday}-${row}`;
              const bad = refused?.weekday === weekday && refused.row === row;
              const described = bad ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
              return (
                <div key={row} className={styles.row}>
                  <label>
                    {t("from")}
                    <input
                      type="time"
                      aria-label={t("fromOn", { day: name, n: row + 1 })}
                      value={interval.start}
                      onChange={(event) => change(weekday, row, { start: event.target.value })}
                      {...described}
                    />
                  </label>
                  <label>
                    {t("until")}
                    <input
                      type="time"
                      aria-label={t("untilOn", { day: name, n: row + 1 })}
                      value={interval.end}
                      onChange={(event) => change(weekday, row, { end: event.target.value })}
                      {...described}
                    />
                  </label>
                  <button
                    type="button"
                    className={`${consoleStyles.button} ${consoleStyles.secondary}`}
                    onClick={() => remove(weekday, row)}
                    aria-label={t("removeName", { day: name, n: row + 1 })}
                  >
                    {t("remove")}
                  </button>
                  {bad ? (
                    <p id={`${id}-error`} className={styles.error} role="alert">
                      <RefusalText message={state.error?.message ?? ""} detail={state.error?.detail} />
                    </p>
                  ) : null}
                </div>
              );
            })}
            <div className={styles.row}>
              <button type="button" className={`${consoleStyles.button} ${consoleStyles.secondary}`} onClick={() => add(weekday)}>
                {t("add")}
              </button>
              <button
                type="button"
                className={`${consoleStyles.button} ${consoleStyles.secondary}`}
                aria-expanded={copying === weekday}
                onClick={() => {
                  setCopying(copying === weekday ? null : weekday);
                  setTargets([]);
                }}
              >
                {t("copy")}
              </button>
            </div>
            {copying === weekday ? (
              <fieldset className={styles.checks}>
                <legend>{t("copyTo", { day: name })}</legend>
                {WEEK.filter((day) => day !== weekday).map((day) => (
                  <label key={day}>
                    <input
                      type="checkbox"
                      checked={targets.includes(day)}
                      onChange={(event) => setTargets((current) => (event.target.checked ? [...current, day] : current.filter((d) => d !== day)))}
                    />{" "}
                    {dayName(day)}
                  </label>
                ))}
                <button type="button" className={consoleStyles.button} onClick={() => copy(weekday)} disabled={targets.length === 0}>
                  {t("copyApply")}
                </button>
              </fieldset>
            ) : null}
          </fieldset>
        );
      })}
      <button type="submit" className={consoleStyles.button} disabled={pending}>
        {t("save")}
      </button>
      {state.saved && !state.error ? (
        <p className={styles.saved} role="status">
          {t("saved")}
        </p>
      ) : null}
    </form>
  );
}
