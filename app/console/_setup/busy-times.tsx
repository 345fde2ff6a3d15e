import { DateTime } from "luxon";
import { getTranslations } from "next-intl/server";
import type { ServiceContext } from "@/lib/context";
import { listBusy } from "@/lib/external-calendars/list-busy";
import { listExternalCalendars } from "@/lib/external-calendars/list-external-calendars";
import styles from "./setup.module.css";

/**
 * On the bookings day and week views, under a calendar's bookings: the times it is not offered
 * for another reason than a booking (GET /v1/staff/{id}/busy), each with its source: time off,
 * or the external calendar that brought it.
 */
export async function BusyTimes({ ctx, staffId, from, to }: { ctx: ServiceContext; staffId: string; from: DateTime; to: DateTime }) {
  const t = await getTranslations("console.schedule.busy");
  const zone = ctx.workspace.timezone;
  // Without the bookings, listed above it: merged with them, a time off that starts where a
  // booking ends would be shown from the booking's start.
  const busy = await listBusy({ ctx, staffId, query: { from: from.toISO() ?? undefined, to: to.toISO() ?? undefined }, withoutBookings: true });
  // The external calendars' names only when one of them is busy here: a day view reads this for
  // every calendar, and most days have none.
  const isExternal = busy.data.some((interval) => interval.sources.some((source) => source.type === "external_calendar"));
  const sources = isExternal ? (await listExternalCalendars({ ctx, staffId })).data : [];
  const names = new Map(sources.map((source) => [source.id, source.name ?? source.display_url]));
  const shown = busy.data.map((interval) => ({
    ...interval,
    labels: [...new Set(interval.sources.map((source) => (source.type === "time_off" ? t("timeOff") : t("external", { name: names.get(source.id) ?? "?" }))))],
  }));
  if (shown.length === 0) return null;
  const at = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat("ccc d LLL, HH:mm");
  return (
    <ul className={styles.busy} aria-label={t("listName")}>
      {shown.map((interval) => (
        <li key={interval.starts_at}>{t("interval", { from: at(interval.starts_at), until: at(interval.ends_at), source: interval.labels.join(", ") })}</li>
      ))}
    </ul>
  );
}
