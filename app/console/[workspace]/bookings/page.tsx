import Link from "next/link";
import { DateTime } from "luxon";
import { listBookings, type ListedBooking } from "@/lib/bookings/list-bookings";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/bookings/statuses";
import { listStaff } from "@/lib/staff/list-staff";
import { requireConsole } from "../../_session";
import { StatusLabel } from "../../_status";
import styles from "../../console.module.css";
import { zoneName } from "../../_zone";
import { BusyTimes } from "../../_setup/busy-times";
import { SetupChecklist } from "../../_setup/onboarding";

export const dynamic = "force-dynamic";

type PageProps = {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<{ date?: string; view?: string; q?: string; status?: string; staff?: string }>;
};

const MAX_SHOWN = 500;

// GET /console/{workspace}/bookings – today by default, in the workspace's zone; day, week or list view.
export default async function BookingsPage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId } = await params;
  const search = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const zone = access.workspace.timezone;
  const view = search.view === "week" || search.view === "list" ? search.view : "day";
  const today = DateTime.fromJSDate(ctx.clock.now(), { zone }).startOf("day");
  const picked = search.date ? DateTime.fromISO(search.date, { zone }) : today;
  const day = picked.isValid ? picked.startOf("day") : today;
  const start = view === "week" ? day.startOf("week") : day;
  const end = view === "week" ? start.plus({ weeks: 1 }) : start.plus({ days: 1 });
  const status = BOOKING_STATUSES.includes(search.status as BookingStatus) ? [search.status as BookingStatus] : undefined;
  const q = search.q?.trim() || undefined;

  const [calendars, page] = await Promise.all([
    listStaff({ ctx, page: { limit: 200 } }),
    listBookings({
      ctx,
      query: {
        limit: MAX_SHOWN,
        from: view === "list" && q ? undefined : (start.toISO() ?? undefined),
        to: view === "list" && q ? undefined : (end.toISO() ?? undefined),
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
  const title = view === "week" ? `Week of ${start.toLocaleString(DateTime.DATE_FULL)}` : day.toLocaleString(DateTime.DATE_HUGE);
  const timeOf = (b: ListedBooking) => {
    const local = DateTime.fromJSDate(b.row.startsAt, { zone });
    return view === "day" ? local.toFormat("HH:mm") : local.toFormat("ccc d LLL, HH:mm");
  };
  const item = (b: ListedBooking) => (
    <li key={b.row.id}>
      <Link href={`${base}/${b.row.id}`}>
        {timeOf(b)} {b.customer.name}
      </Link>{" "}
      · <StatusLabel status={b.row.status} />
    </li>
  );

  return (
    <>
      <h1>Bookings</h1>
      <SetupChecklist ctx={ctx} />
      <p>
        <Link className={styles.button} href={`${base}/new`}>
          New booking
        </Link>
      </p>
      <p>
        {title} · times in {zoneName(zone)}
      </p>
      <nav aria-label="Views" className={styles.actions}>
        <Link href={`${base}?view=day&date=${dateParam(day)}`} aria-current={view === "day" ? "page" : undefined}>
          Day
        </Link>
        <Link href={`${base}?view=week&date=${dateParam(day)}`} aria-current={view === "week" ? "page" : undefined}>
          Week
        </Link>
        <Link href={`${base}?view=list&date=${dateParam(day)}`} aria-current={view === "list" ? "page" : undefined}>
          List
        </Link>
        <Link href={`${base}?view=${view}&date=${dateParam(start.minus(step))}`}>Previous</Link>
        <Link href={`${base}?view=${view}&date=${dateParam(today)}`}>Today</Link>
        <Link href={`${base}?view=${view}&date=${dateParam(start.plus(step))}`}>Next</Link>
      </nav>
      {view === "list" ? (
        <>
          <form className={styles.toolbar} method="get" action={base} role="search">
            <input type="hidden" name="view" value="list" />
            <input type="hidden" name="date" value={dateParam(day)} />
            <div className={styles.field}>
              <label htmlFor="q">Customer name or email</label>
              <input id="q" name="q" type="search" defaultValue={q ?? ""} />
            </div>
            <div className={styles.field}>
              <label htmlFor="status">Status</label>
              <select id="status" name="status" defaultValue={status?.[0] ?? ""}>
                <option value="">Any</option>
                {BOOKING_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor="staff">Calendar</label>
              <select id="staff" name="staff" defaultValue={search.staff ?? ""}>
                <option value="">Any</option>
                {calendars.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <button className={styles.button} type="submit">
              Search
            </button>
          </form>
          {page.data.length === 0 ? <p>No bookings.</p> : <ul className={styles.list}>{page.data.map(item)}</ul>}
        </>
      ) : (
        <div className={styles.columns}>
          {calendars.data.map((calendar) => {
            const mine = page.data.filter((b) => b.row.staffId === calendar.id);
            return (
              <section key={calendar.id} className={styles.column} aria-labelledby={`cal-${calendar.id}`}>
                <h2 id={`cal-${calendar.id}`}>{calendar.name}</h2>
                {mine.length === 0 ? <p>No bookings.</p> : <ul className={styles.list}>{mine.map(item)}</ul>}
                <BusyTimes ctx={ctx} staffId={calendar.id} from={start} to={end} />
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
