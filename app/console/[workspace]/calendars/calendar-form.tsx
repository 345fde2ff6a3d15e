"use client";

import { useTranslations } from "next-intl";
import type { Staff } from "@/lib/staff/schemas";
import { addCalendarAction, calendarActiveAction, updateCalendarAction } from "../../_setup/catalog-actions";
import { useSetupForm } from "../../_setup/use-setup-form";
import { ActionButton } from "../../_setup/action-button";
import { FieldError, FormError, invalidProps } from "../../_setup/field-error";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";

const FIELDS = ["name", "title", "bio", "active"] as const;

/** One calendar's name, title and bio (PATCH /v1/staff/{id}) with "Deactivate" / "Reactivate"; or a new calendar (POST /v1/staff). */
export function CalendarForm({ workspace, calendar }: { workspace: string; calendar: Staff | null }) {
  const t = useTranslations("console.calendars");
  const { state, pending, form } = useSetupForm(calendar ? updateCalendarAction : addCalendarAction, { resetOnSave: calendar === null });
  const id = calendar ? `calendar-${calendar.id}` : "calendar-new";
  return (
    <>
      {calendar ? (
        <h2 className={styles.breakable}>
          {calendar.name}
          {calendar.active ? "" : ` · ${t("inactive")}`}
        </h2>
      ) : null}
      <form {...form}>
        <input type="hidden" name="workspace" value={workspace} />
        {calendar ? <input type="hidden" name="id" value={calendar.id} /> : null}
        <FormError state={state} params={FIELDS} />
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor={`${id}-name`}>{t("name")}</label>
            <input id={`${id}-name`} name="name" aria-required defaultValue={calendar?.name ?? ""} {...invalidProps(state, "name", `${id}-name`)} />
            <FieldError state={state} param="name" id={`${id}-name`} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-title`}>{t("jobTitle")}</label>
            <input id={`${id}-title`} name="title" defaultValue={calendar?.title ?? ""} {...invalidProps(state, "title", `${id}-title`)} />
            <FieldError state={state} param="title" id={`${id}-title`} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-bio`}>{t("bio")}</label>
            <textarea id={`${id}-bio`} name="bio" rows={2} defaultValue={calendar?.bio ?? ""} {...invalidProps(state, "bio", `${id}-bio`)} />
            <FieldError state={state} param="bio" id={`${id}-bio`} />
          </div>
        </div>
        <div className={styles.row}>
          <button type="submit" className={consoleStyles.button} disabled={pending} aria-label={calendar ? t("saveName", { name: calendar.name }) : undefined}>
            {calendar ? t("save") : t("add")}
          </button>
        </div>
        {state.saved && !state.error ? (
          <p className={styles.saved} role="status">
            {calendar ? t("saved") : t("added")}
          </p>
        ) : null}
      </form>
      {calendar ? (
        <div className={styles.row}>
          <ActionButton
            action={calendarActiveAction}
            fields={{ workspace, id: calendar.id, active: calendar.active ? "false" : "true" }}
            label={calendar.active ? t("deactivate") : t("reactivate")}
            name={calendar.active ? t("deactivateName", { name: calendar.name }) : t("reactivateName", { name: calendar.name })}
            tone={calendar.active ? "danger" : "secondary"}
          />
        </div>
      ) : null}
    </>
  );
}
