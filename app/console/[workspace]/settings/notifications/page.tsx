import { getTranslations } from "next-intl/server";
import { requireConsole } from "../../../_session";
import { NOTIFICATION_FIELDS, REMINDER_ROWS } from "../_fields";
import { WorkspaceSettingsForm } from "../_form";
import { FieldError, names, refusalFrom, type PageSearch } from "../_ui";
import local from "../settings.module.css";
import styles from "../../../console.module.css";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: PageSearch };

/** Notifications: where the business is told, verification, SMS, and up to three reminders. */
export default async function NotificationsPage({ params, searchParams }: PageProps) {
  const { workspace } = await params;
  const query = await searchParams;
  const { access } = await requireConsole(workspace);
  const t = await getTranslations("console.settings");
  const refusal = refusalFrom(query);
  const reminders = access.workspace.reminders;
  const refused = names(refusal, "reminders");
  return (
    <WorkspaceSettingsForm access={access} section="notifications" fields={NOTIFICATION_FIELDS} refusal={refusal} saved={query.saved === "1"}>
      <fieldset className={local.fieldset} aria-describedby={refused ? "reminders-error" : "reminders-hint"}>
        <legend>{t("reminders.legend")}</legend>
        <p id="reminders-hint" className={local.hint}>
          {t("reminders.hint")}
        </p>
        {Array.from({ length: REMINDER_ROWS }, (_, index) => {
          const reminder = reminders[index];
          return (
            <div key={index} className={local.row}>
              <div className={styles.field}>
                <label htmlFor={`reminder-${index}`}>{t("reminders.minutes", { number: index + 1 })}</label>
                <input
                  id={`reminder-${index}`}
                  name={`reminder.${index}.minutes_before`}
                  type="text"
                  inputMode="numeric"
                  defaultValue={reminder ? String(reminder.minutes_before) : ""}
                  aria-invalid={names(refusal, `reminders.${index}`) || undefined}
                />
              </div>
              {(["email", "sms"] as const).map((channel) => (
                <div key={channel} className={local.check}>
                  <input
                    id={`reminder-${index}-${channel}`}
                    name={`reminder.${index}.${channel}`}
                    type="checkbox"
                    defaultChecked={reminder ? reminder.channels.includes(channel) : channel === "email"}
                  />
                  <label htmlFor={`reminder-${index}-${channel}`}>{t(`reminders.${channel}`, { number: index + 1 })}</label>
                </div>
              ))}
            </div>
          );
        })}
        {refused && refusal ? <FieldError id="reminders-error" message={refusal.message} detail={refusal.detail} /> : null}
      </fieldset>
    </WorkspaceSettingsForm>
  );
}
