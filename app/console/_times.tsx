import Link from "next/link";
import type { ReactNode } from "react";
import { DateTime } from "luxon";
import { getTranslations } from "next-intl/server";
import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import type { AvailabilityResponse } from "@/lib/availability/schemas";
import type { ServiceContext } from "@/lib/context";
import styles from "./console.module.css";

/** One day's offered times, in the workspace's zone (docs/console.md#choosing-a-time). */
export type OfferedDay = {
  /** The day (ISO date, the workspace's zone). */
  date: string;
  /** Today in the workspace's zone: no earlier day is offered. */
  today: string;
  label: string;
  slots: { start: string; label: string; staffId: string }[];
};

/**
 * The times the API offers for a service on one local day of the workspace (the same
 * availability an integrator reads): `date` when it is a valid day from today on, else today.
 * Only starts more than a few minutes away, so a time cannot start while the member chooses it.
 * New booking and Reschedule both pick their time through this and the two components below.
 */
export async function offeredTimesOn(
  ctx: ServiceContext,
  input: { serviceId: string; date?: string; locale: string; staffId?: string; excludeBookingId?: string },
): Promise<OfferedDay> {
  const zone = ctx.workspace.timezone;
  const now = ctx.clock.now();
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  const asked = input.date ? DateTime.fromISO(input.date, { zone }) : today;
  const day = (asked.isValid && asked >= today ? asked : today).startOf("day").setLocale(input.locale);
  const answer = await getAvailabilityJson({
    ctx,
    input: { serviceId: input.serviceId, from: day.toJSDate(), to: day.plus({ days: 1 }).toJSDate(), excludeBookingId: input.excludeBookingId },
  });
  const body = JSON.parse(Buffer.concat(answer.pieces).toString("utf8")) as AvailabilityResponse;
  const soonest = now.getTime() + 10 * 60_000;
  const byStart = new Map<string, string>();
  for (const calendar of body.data) {
    if (input.staffId && calendar.staff_id !== input.staffId) continue;
    for (const slot of calendar.slots) if (!byStart.has(slot.start) && Date.parse(slot.start) > soonest) byStart.set(slot.start, calendar.staff_id);
  }
  const slots = [...byStart]
    .sort(([a], [b]) => Date.parse(a) - Date.parse(b))
    .map(([start, staffId]) => ({ start, staffId, label: DateTime.fromISO(start, { zone }).setLocale(input.locale).toLocaleString(DateTime.TIME_24_SIMPLE) }));
  return { date: day.toISODate() ?? "", today: today.toISODate() ?? "", label: day.toLocaleString(DateTime.DATE_HUGE), slots };
}

/** Today in the workspace's zone (ISO date): a day chooser's default before a service is chosen. */
export function todayIn(ctx: Pick<ServiceContext, "workspace" | "clock">): string {
  return DateTime.fromJSDate(ctx.clock.now(), { zone: ctx.workspace.timezone }).toISODate() ?? "";
}

/**
 * Choosing the day: a date input (today by default) and "Show times", a plain GET form, with
 * links to the previous and next day once times are shown. `fields` are the form's other fields
 * (New booking's service); `keep` the query parameters the day links carry along.
 */
export async function DayChooser(props: {
  action: string;
  date: string;
  today: string;
  showsTimes: boolean;
  keep: Record<string, string>;
  fields?: ReactNode;
}) {
  const { action, date, today, keep } = props;
  const t = await getTranslations("console.bookings.times");
  const link = (days: number) => `${action}?${new URLSearchParams({ ...keep, date: DateTime.fromISO(date).plus({ days }).toISODate() ?? date }).toString()}`;
  return (
    <>
      <form method="get" action={action} className={styles.toolbar}>
        {props.fields}
        <div className={styles.field}>
          <label htmlFor="day">{t("day")}</label>
          {/* Keyed by the day: a client-side move to another day shows that day, not what was typed. */}
          <input key={date} id="day" name="date" type="date" min={today} defaultValue={date} />
        </div>
        <button className={`${styles.button} ${styles.secondary}`} type="submit">
          {t("show")}
        </button>
      </form>
      {props.showsTimes ? (
        <nav aria-label={t("days")} className={styles.actions}>
          {date > today ? <Link href={link(-1)}>{t("previousDay")}</Link> : null}
          <Link href={link(1)}>{t("nextDay")}</Link>
        </nav>
      ) : null}
    </>
  );
}

/** The chosen day's offered times as radio buttons (inside the form that books or moves). */
export async function OfferedTimes({ day, zone }: { day: OfferedDay; zone: string }) {
  const t = await getTranslations("console.bookings.times");
  return (
    <fieldset>
      <legend>{day.label}</legend>
      <p>{t("timesIn", { zone })}</p>
      {day.slots.length === 0 ? <p>{t("none")}</p> : null}
      {day.slots.map((slot) => (
        <label key={slot.start} className={styles.time}>
          <input type="radio" name="starts_at" value={slot.start} required /> {slot.label}
        </label>
      ))}
      <input type="hidden" name="date" value={day.date} />
    </fieldset>
  );
}
