"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { addExternalCalendarAction, externalCalendarAction } from "../../_setup/schedule-actions";
import { useSetupForm } from "../../_setup/use-setup-form";
import { ActionButton } from "../../_setup/action-button";
import { FieldError, FormError, invalidProps } from "../../_setup/field-error";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";

type Source = {
  id: string;
  kind: "ics" | "caldav";
  name: string | null;
  url: string;
  status: "ok" | "failing" | "disabled";
  lastSyncedAt: string | null;
  lastError: string | null;
  busyCount: number;
  writeBack: boolean;
};
const FIELDS = ["kind", "url", "name", "username", "password", "write_back"] as const;

/**
 * A calendar's external calendars (GET/POST /v1/staff/{id}/external-calendars): each with its
 * status and last error in words, "Sync now", turn off or on, remove; and the form that adds an
 * ICS address or a CalDAV account (with write-back).
 */
export function ExternalCalendars({ hidden, sources }: { hidden: { workspace: string; staff: string }; sources: Source[] }) {
  const t = useTranslations("console.schedule.external");
  const { state, pending, form } = useSetupForm(addExternalCalendarAction, { resetOnSave: true });
  const [kind, setKind] = useState<"ics" | "caldav">("ics");
  const status = (source: Source) => (source.status === "ok" ? t("statusOk") : source.status === "failing" ? t("statusFailing") : t("statusOff"));
  return (
    <>
      {sources.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ul className={styles.plain} aria-label={t("listName")}>
          {sources.map((source) => {
            const label = source.name ?? source.url;
            return (
              <li key={source.id} className={styles.item}>
                <strong className={styles.breakable}>{label}</strong> ({source.kind === "ics" ? t("kindIcs") : t("kindCaldav")})
                {source.name ? <span className={`${styles.hint} ${styles.breakable}`}> {source.url}</span> : null}
                <dl className={consoleStyles.facts}>
                  <dt>{t("status")}</dt>
                  <dd>{status(source)}</dd>
                  <dt>{t("lastSynced")}</dt>
                  <dd>{source.lastSyncedAt ?? t("never")}</dd>
                  {source.lastError ? (
                    <>
                      <dt>{t("lastError")}</dt>
                      <dd>{source.lastError}</dd>
                    </>
                  ) : null}
                  <dt>{t("busyCount")}</dt>
                  <dd>{source.busyCount}</dd>
                  {source.kind === "caldav" ? (
                    <>
                      <dt>{t("writeBack")}</dt>
                      <dd>{source.writeBack ? t("yes") : t("no")}</dd>
                    </>
                  ) : null}
                </dl>
                <div className={styles.row}>
                  <ActionButton action={externalCalendarAction} fields={{ ...hidden, id: source.id, action: "sync" }} label={t("syncNow")} tone="primary" />
                  {source.status === "disabled" ? (
                    <ActionButton action={externalCalendarAction} fields={{ ...hidden, id: source.id, action: "on" }} label={t("turnOn")} />
                  ) : (
                    <ActionButton action={externalCalendarAction} fields={{ ...hidden, id: source.id, action: "off" }} label={t("turnOff")} />
                  )}
                  <ActionButton action={externalCalendarAction} fields={{ ...hidden, id: source.id, action: "remove" }} label={t("remove")} tone="danger" />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <form {...form}>
        <input type="hidden" name="workspace" value={hidden.workspace} />
        <input type="hidden" name="staff" value={hidden.staff} />
        <h4>{t("addHeading")}</h4>
        <FormError state={state} params={FIELDS} />
        <fieldset className={styles.checks}>
          <legend>{t("kind")}</legend>
          <label>
            <input type="radio" name="kind" value="ics" checked={kind === "ics"} onChange={() => setKind("ics")} /> {t("kindIcs")}
          </label>
          <label>
            <input type="radio" name="kind" value="caldav" checked={kind === "caldav"} onChange={() => setKind("caldav")} /> {t("kindCaldav")}
          </label>
        </fieldset>
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor="external-url">{kind === "ics" ? t("icsUrl") : t("caldavUrl")}</label>
            <input id="external-url" name="url" type="url" aria-required autoComplete="off" {...invalidProps(state, "url", "external-url")} />
            <FieldError state={state} param="url" id="external-url" />
          </div>
          <div className={styles.field}>
            <label htmlFor="external-name">{t("name")}</label>
            <input id="external-name" name="name" maxLength={200} {...invalidProps(state, "name", "external-name")} />
            <FieldError state={state} param="name" id="external-name" />
          </div>
          {kind === "caldav" ? (
            <>
              <div className={styles.field}>
                <label htmlFor="external-username">{t("username")}</label>
                <input id="external-username" name="username" autoComplete="off" aria-required {...invalidProps(state, "username", "external-username")} />
                <FieldError state={state} param="username" id="external-username" />
              </div>
              <div className={styles.field}>
                <label htmlFor="external-password">{t("password")}</label>
                <input
                  id="external-password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  aria-required
                  {...invalidProps(state, "password", "external-password")}
                />
                <FieldError state={state} param="password" id="external-password" />
              </div>
              <div className={styles.field}>
                <label>
                  <input type="checkbox" name="write_back" /> {t("writeBackChoice")}
                </label>
              </div>
            </>
          ) : null}
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
