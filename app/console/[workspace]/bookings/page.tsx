import Link from "next/link";
import { DateTime } from "luxon";
import { getTranslations } from "next-intl/server";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import { listBookings, type ListedBooking } from "@/lib/bookings/list-bookings";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/bookings/statuses";
import { listStaff } from "@/lib/staff/list-staff";
import { listServices } from "@/lib/services/list-services";
import { requireConsole } from "../../_session";
import { StatusLabel, statusLabels } from "../../_status";
import styles from "../../console.module.css";
import { zoneName } from "../../_zone";
import { BusyTimes } from "../../_setup/busy-times";
import { SetupChecklist } from "../../_setup/onboarding";

export const dynamic = "force-dynamic";

type PageProps = {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<{ date?: string; view?: string; q?: string; status?: string; staff?: string; service?: string; from?: string; to?: string }>;
};

const MAX_SHOWN = 500;

// GET /console/{workspace}/bookings – today by default, in the workspace's zone; day, week or list view.
export default async function BookingsPage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId } = await params;
  const search = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const zone = access.workspace.timezone;
  const [t, locale, zoneLabel, statusNames] = await Promise.all([
    getTranslations("console.bookings"),
    resolveFormattingLocale(),
    zoneName(zone),
    statusLabels(),
  ]);
  const view = search.view === "week" || search.view === "list" ? search.view : "day";
  const today = DateTime.fromJSDate(ctx.clock.now(), { zone }).setLocale(locale).startOf("day");
  const picked = search.date ? DateTime.fromISO(search.date, { zone }).setLocale(locale) : today;
  const day = picked.isValid ? picked.startOf("day") : today;
  const start = view === "week" ? day.startOf("week") : day;
  const end = view === "week" ? start.plus({ weeks: 1 }) : start.plus({ days: 1 });
  const status = BOOKING_STATUSES.includes(search.status as BookingStatus) ? [search.status as BookingStatus] : undefined;
  const q = search.q?.trim() || undefined;
  // The list's dates (docs/console.md#bookings): from the start of "from" to the end of "to", in the
  // workspace's zone; without them a search looks at every date, else the list shows the day.
  const dayOf = (value: string | undefined) => {
    const parsed = value ? DateTime.fromISO(value, { zone }).setLocale(locale) : null;
    return parsed?.isValid ? parsed.startOf("day") : null;
  };
  const fromDay = view === "list" ? dayOf(search.from) : null;
  const toDay = view === "list" ? dayOf(search.to) : null;
  const range =
    view !== "list" || (!fromDay && !toDay && !q)
      ? { from: start.toISO() ?? undefined, to: end.toISO() ?? undefined }
      : { from: fromDay?.toISO() ?? undefined, to: toDay?.plus({ days: 1 }).toISO() ?? undefined };
  const serviceId = search.service || undefined;

  const [calendars, services, page] = await Promise.all([
    listStaff({ ctx, page: { limit: 200 } }),
    // The services only feed the list view's filter.
    view === "list" ? listServices({ ctx, page: { limit: 200 } }) : null,
    listBookings({
      ctx,
      query: {
        limit: MAX_SHOWN,
        ...range,
        service_id: serviceId,
        q,
        status,
        staff_id: search.staff || undefined,
      },
      serialize: (listed) => listed,
    }),
  ]);
  const base = `/console/${workspaceId}/bookings`;
  const dateParam = (d: DateTime) => d.toISODate() ?? "";
  const step = view === "week" ? { weeks: 1 } : { days: 1 };
  const dateText = (d: DateTime) => d.toLocaleString(DateTime.DATE_FULL);
  const title =
    view === "week"
      ? t("weekOf", { date: dateText(start) })
      : fromDay && toDay
        ? t("rangeBoth", { from: dateText(fromDay), to: dateText(toDay) })
        : fromDay
          ? t("rangeFrom", { from: dateText(fromDay) })
          : toDay
            ? t("rangeTo", { to: dateText(toDay) })
            : view === "list" && q
              ? t("allDates")
              : day.toLocaleString(DateTime.DATE_HUGE);
  const timeOf = (b: ListedBooking) => {
    const local = DateTime.fromJSDate(b.row.startsAt, { zone }).setLocale(locale);
    return view === "day"
      ? local.toLocaleString(DateTime.TIME_24_SIMPLE)
      : local.toLocaleString({ weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  };
  // A plain link per booking: a day of 200 is 200 links, and next/link's client component for each
  // cost about a third of the day view's server time (101 → 72 ms for 200 bookings, docs/performance.md).
  const item = (b: ListedBooking) => (
    <li key={b.row.id}>
      <a href={`${base}/${b.row.id}`}>
        {timeOf(b)} {b.customer.name}
      </a>{" "}
      · <StatusLabel status={b.row.status} labels={statusNames} />
    </li>
  );

  return (
    <>
      <h1>{t("heading")}</h1>
      <SetupChecklist ctx={ctx} />
      <p>
        <Link className={styles.button} href={`${base}/new`}>
          {t("newBooking")}
        </Link>
      </p>
      <p>{t("timesIn", { title, zone: zoneLabel })}</p>
      <nav aria-label={t("views")} className={styles.actions}>
        <Link href={`${base}?view=day&date=${dateParam(day)}`} aria-current={view === "day" ? "page" : undefined}>
          {t("day")}
        </Link>
        <Link href={`${base}?view=week&date=${dateParam(day)}`} aria-current={view === "week" ? "page" : undefined}>
          {t("week")}
        </Link>
        <Link href={`${base}?view=list&date=${dateParam(day)}`} aria-current={view === "list" ? "page" : undefined}>
          {t("list")}
        </Link>
        <Link href={`${base}?view=${view}&date=${dateParam(start.minus(step))}`}>{t("previous")}</Link>
        <Link href={`${base}?view=${view}&date=${dateParam(today)}`}>{t("today")}</Link>
        <Link href={`${base}?view=${view}&date=${dateParam(start.plus(step))}`}>{t("next")}</Link>
      </nav>
      {view === "list" ? (
        <>
          <form className={styles.toolbar} method="get" action={base} role="search">
            <input type="hidden" name="view" value="list" />
            <input type="hidden" name="date" value={dateParam(day)} />
            <div className={styles.field}>
              <label htmlFor="q">{t("query")}</label>
              <input id="q" name="q" type="search" defaultValue={q ?? ""} />
            </div>
            <div className={styles.field}>
              <label htmlFor="status">{t("status")}</label>
              <select id="status" name="status" defaultValue={status?.[0] ?? ""}>
                <option value="">{t("any")}</option>
                {BOOKING_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusNames[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor="staff">{t("calendar")}</label>
              <select id="staff" name="staff" defaultValue={search.staff ?? ""}>
                <option value="">{t("any")}</option>
                {calendars.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor="service">{t("service")}</label>
              <select id="service" name="service" defaultValue={serviceId ?? ""}>
                <option value="">{t("any")}</option>
                {(services?.data ?? []).map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.name}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor="from">{t("from")}</label>
              <input id="from" name="from" type="date" defaultValue={fromDay?.toISODate() ?? ""} />
            </div>
            <div className={styles.field}>
              <label htmlFor="to">{t("to")}</label>
              <input id="to" name="to" type="date" defaultValue={toDay?.toISODate() ?? ""} min={fromDay?.toISODate() ?? undefined} />
            </div>
            <button className={styles.button} type="submit">
              {t("search")}
            </button>
          </form>
          {page.data.length === 0 ? <p>{t("none")}</p> : <ul className={styles.list}>{page.data.map(item)}</ul>}
        </>
      ) : (
        <div className={styles.columns}>
          {calendars.data.map((calendar) => {
            const mine = page.data.filter((b) => b.row.staffId === calendar.id);
            return (
              <section key={calendar.id} className={styles.column} aria-labelledby={`cal-${calendar.id}`}>
                <h2 id={`cal-${calendar.id}`}>{calendar.name}</h2>
                {mine.length === 0 ? <p>{t("none")}</p> : <ul className={styles.list}>{mine.map(item)}</ul>}
                <BusyTimes ctx={ctx} staffId={calendar.id} from={start} to={end} />
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
