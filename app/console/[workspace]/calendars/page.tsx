import { getTranslations } from "next-intl/server";
import { listStaff } from "@/lib/staff/list-staff";
import { requireConsole } from "../../_session";
import { SetupMessages } from "../../_setup/setup-messages";
import styles from "../../_setup/setup.module.css";
import { CalendarForm } from "./calendar-form";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string }> };

// GET /console/{workspace}/calendars – every calendar (a person or a room): rename, describe, deactivate or reactivate; add one.
export default async function CalendarsPage({ params }: PageProps) {
  const { workspace: workspaceId } = await params;
  const { ctx } = await requireConsole(workspaceId);
  const t = await getTranslations("console.calendars");
  const calendars = (await listStaff({ ctx, page: { limit: 200 } })).data;
  return (
    <SetupMessages>
      <h1>{t("title")}</h1>
      <p className={styles.hint}>{t("intro")}</p>
      <ul className={styles.plain} aria-label={t("listName")}>
        {calendars.map((calendar) => (
          <li key={calendar.id} className={styles.item}>
            <CalendarForm workspace={workspaceId} calendar={calendar} />
          </li>
        ))}
      </ul>
      <section aria-labelledby="add-calendar" className={styles.panel}>
        <h2 id="add-calendar">{t("addHeading")}</h2>
        <CalendarForm workspace={workspaceId} calendar={null} />
      </section>
    </SetupMessages>
  );
}
