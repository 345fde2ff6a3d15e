import Link from "next/link";
import { DateTime } from "luxon";
import { getTranslations } from "next-intl/server";
import { listExternalCalendars } from "@/lib/external-calendars/list-external-calendars";
import { listStaff } from "@/lib/staff/list-staff";
import { listTimeOff } from "@/lib/staff/list-time-off";
import { listWorkingHours } from "@/lib/staff/list-working-hours";
import { requireConsole } from "../../_session";
import { SetupMessages } from "../../_setup/setup-messages";
import { zoneName } from "../../_zone";
import styles from "../../_setup/setup.module.css";
import { ExternalCalendars } from "./external-calendars";
import { HoursEditor } from "./hours-editor";
import { TimeOffSection } from "./time-off";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: Promise<{ calendar?: string }> };

// GET /console/{workspace}/schedule – a calendar's weekly hours, time off and external calendars.
export default async function SchedulePage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId } = await params;
  const { calendar: picked } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const t = await getTranslations("console.schedule");
  const zone = access.workspace.timezone;
  const calendars = (await listStaff({ ctx, page: { limit: 200 } })).data;
  const calendar = calendars.find((c) => c.id === picked) ?? calendars.find((c) => c.active) ?? calendars[0];
  const base = `/console/${workspaceId}/schedule`;
  if (!calendar) {
    return (
      <>
        <h1>{t("title")}</h1>
        <p>
          {t("noCalendars")} <Link href={`/console/${workspaceId}/calendars`}>{t("addCalendar")}</Link>
        </p>
      </>
    );
  }
  const [hours, timeOff, external] = await Promise.all([
    listWorkingHours({ ctx, staffId: calendar.id }),
    listTimeOff({ ctx, staffId: calendar.id, page: { limit: 100 } }),
    listExternalCalendars({ ctx, staffId: calendar.id }),
  ]);
  const now = ctx.clock.now().getTime();
  const local = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat("yyyy-LL-dd HH:mm");
  const upcoming = timeOff.data
    .filter((period) => Date.parse(period.ends_at) > now)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))
    .map((period) => ({ id: period.id, from: local(period.starts_at), until: local(period.ends_at), reason: period.reason }));
  const when = (iso: string | null) => (iso ? DateTime.fromISO(iso, { zone }).toFormat("yyyy-LL-dd HH:mm") : null);
  const hidden = { workspace: workspaceId, staff: calendar.id };

  return (
    <SetupMessages>
      <h1>{t("title")}</h1>
      <p>{t("zone", { zone: await zoneName(zone) })}</p>
      {calendars.length > 1 ? (
        <nav aria-label={t("calendars")} className={styles.row}>
          {calendars.map((c) => (
            <Link key={c.id} href={`${base}?calendar=${c.id}`} aria-current={c.id === calendar.id ? "page" : undefined}>
              {c.active ? c.name : t("inactiveName", { name: c.name })}
            </Link>
          ))}
        </nav>
      ) : null}
      <h2>{calendar.name}</h2>
      <section aria-labelledby="hours-heading" className={styles.panel}>
        <h3 id="hours-heading">{t("hours.heading")}</h3>
        <HoursEditor key={calendar.id} hidden={hidden} initial={hours} />
      </section>
      <section aria-labelledby="time-off-heading" className={styles.panel}>
        <h3 id="time-off-heading">{t("timeOff.heading")}</h3>
        <TimeOffSection hidden={hidden} periods={upcoming} />
      </section>
      <section aria-labelledby="external-heading" className={styles.panel}>
        <h3 id="external-heading">{t("external.heading")}</h3>
        <p className={styles.hint}>{t("external.intro")}</p>
        <ExternalCalendars
          hidden={hidden}
          sources={external.data.map((source) => ({
            id: source.id,
            kind: source.kind,
            name: source.name,
            url: source.display_url,
            status: source.status,
            lastSyncedAt: when(source.last_synced_at),
            lastError: source.last_error,
            busyCount: source.busy_count,
            writeBack: source.write_back,
          }))}
        />
      </section>
    </SetupMessages>
  );
}
