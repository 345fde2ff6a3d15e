"use client";

import { useTranslations } from "next-intl";
import { addTimeOffAction, removeTimeOffAction } from "../../_setup/schedule-actions";
import { useSetupForm } from "../../_setup/use-setup-form";
import { ActionButton } from "../../_setup/action-button";
import { FieldError, FormError, invalidProps } from "../../_setup/field-error";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";

type Period = { id: string; from: string; until: string; reason: string };
const FIELDS = ["starts_at", "ends_at", "reason"] as const;

/** A calendar's time off to come (the booking page offers nothing inside it), "Add time off" and "Remove". */
export function TimeOffSection({ hidden, periods }: { hidden: { workspace: string; staff: string }; periods: Period[] }) {
  const t = useTranslations("console.schedule.timeOff");
  const { state, pending, form } = useSetupForm(addTimeOffAction, { resetOnSave: true });
  return (
    <>
      {periods.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ul className={styles.plain} aria-label={t("listName")}>
          {periods.map((period) => (
            <li key={period.id} className={styles.item}>
              {t("period", { from: period.from, until: period.until })}
              {period.reason ? ` · ${period.reason}` : ""}{" "}
              <ActionButton
                action={removeTimeOffAction}
                fields={{ ...hidden, id: period.id }}
                label={t("remove")}
                name={t("removeName", { from: period.from })}
              />
            </li>
          ))}
        </ul>
      )}
      <form {...form}>
        <input type="hidden" name="workspace" value={hidden.workspace} />
        <input type="hidden" name="staff" value={hidden.staff} />
        <h4>{t("addHeading")}</h4>
        <FormError state={state} params={FIELDS} />
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor="time-off-start">{t("startsAt")}</label>
            <input id="time-off-start" name="starts_at" type="datetime-local" aria-required {...invalidProps(state, "starts_at", "time-off-start")} />
            <FieldError state={state} param="starts_at" id="time-off-start" />
          </div>
          <div className={styles.field}>
            <label htmlFor="time-off-end">{t("endsAt")}</label>
            <input id="time-off-end" name="ends_at" type="datetime-local" aria-required {...invalidProps(state, "ends_at", "time-off-end")} />
            <FieldError state={state} param="ends_at" id="time-off-end" />
          </div>
          <div className={styles.field}>
            <label htmlFor="time-off-reason">{t("reason")}</label>
            <input id="time-off-reason" name="reason" maxLength={500} {...invalidProps(state, "reason", "time-off-reason")} />
            <FieldError state={state} param="reason" id="time-off-reason" />
          </div>
        </div>
        <p>
          <button type="submit" className={consoleStyles.button} disabled={pending}>
            {t("add")}
          </button>
        </p>
        {state.saved && !state.error ? (
          <p className={styles.saved} role="status">
            {t("added")}
          </p>
        ) : null}
      </form>
    </>
  );
}
