import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getConfig } from "@/lib/config";
import type { ServiceContext } from "@/lib/context";
import { listServices } from "@/lib/services/list-services";
import { listStaff } from "@/lib/staff/list-staff";
import { listAllWorkingHours } from "@/lib/staff/list-working-hours";
import styles from "./setup.module.css";

/**
 * A workspace that cannot take a booking yet (no active calendar with weekly hours, or no
 * active service offered by one) opens its bookings page on this short checklist instead of an
 * empty calendar (docs/console.md#getting-started). Nothing once the workspace is bookable.
 */
export async function SetupChecklist({ ctx }: { ctx: ServiceContext }) {
  const [calendars, hours, services] = await Promise.all([
    listStaff({ ctx, page: { limit: 200 } }),
    listAllWorkingHours({ ctx }),
    listServices({ ctx, page: { limit: 200 } }),
  ]);
  const active = new Set(calendars.data.filter((calendar) => calendar.active).map((calendar) => calendar.id));
  const withHours = hours.some((week) => active.has(week.staff_id) && week.working_hours.length > 0);
  const offered = services.data.some((service) => service.active && service.staff_ids.some((id) => active.has(id)));
  if (withHours && offered) return null;
  const t = await getTranslations("console.onboarding");
  const base = `/console/${ctx.workspace.id}`;
  const bookingPage = `${getConfig().appUrl}/book/${ctx.workspace.slug}`;
  const mark = (done: boolean) => (done ? t("done") : t("toDo"));
  return (
    <section className={styles.checklist} aria-labelledby="setup-heading">
      <h2 id="setup-heading">{t("heading")}</h2>
      <p>{t("intro")}</p>
      <ol>
        <li>
          <strong>{mark(active.size > 0 && withHours)}</strong> <Link href={`${base}/calendars`}>{t("calendar")}</Link> ·{" "}
          <Link href={`${base}/schedule`}>{t("hours")}</Link>
        </li>
        <li>
          <strong>{mark(offered)}</strong> <Link href={`${base}/services/new`}>{t("service")}</Link>
        </li>
        <li>
          {t("share")}{" "}
          <a className={styles.breakable} href={bookingPage}>
            {bookingPage}
          </a>
        </li>
      </ol>
    </section>
  );
}
