import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import type { ConsoleAccess } from "@/lib/members/console-access";
import { toWorkspaceSettings } from "@/lib/workspaces/serialize";
import styles from "../../console.module.css";
import { saveWorkspaceSettingsAction } from "./actions";
import { LABELS, type SettingsField, type SettingsSection } from "./_fields";
import { FormError, Notice, SettingInput, type ShownRefusal } from "./_ui";
import local from "./settings.module.css";

type Props = {
  access: ConsoleAccess;
  section: SettingsSection;
  fields: SettingsField[];
  refusal: ShownRefusal;
  saved: boolean;
  /** Controls of the page beyond the plain fields (the reminders, the brand preview). */
  children?: ReactNode;
  /** Controls drawn before the plain fields (the brand colour and its preview). */
  before?: ReactNode;
  /** A field drawn by `before` or `children` instead of the plain list. */
  skip?: string[];
};

/** A workspace settings form: its fields as they are now, the API's refusal beside the field it names. */
export async function WorkspaceSettingsForm({ access, section, fields, refusal, saved, before, children, skip = [] }: Props) {
  const t = await getTranslations("console.settings");
  const settings = toWorkspaceSettings(access.workspace);
  const labels = await getTranslations(LABELS.fields);
  const hints = await getTranslations(LABELS.hints);
  const themes = await getTranslations(LABELS.themes);
  const languages = await getTranslations(LABELS.languages);
  const hint = (name: string) => (hints.has(name) ? hints(name) : undefined);
  return (
    <section className={local.panel} aria-labelledby="settings-heading">
      <h2 id="settings-heading">{t(`sections.${section}`)}</h2>
      {saved ? <Notice>{t("saved")}</Notice> : null}
      <FormError refusal={refusal} fields={[...fields.map((field) => field.name), "reminders"]} />
      <form action={saveWorkspaceSettingsAction} noValidate>
        <input type="hidden" name="workspace" value={access.workspace.id} />
        <input type="hidden" name="section" value={section} />
        {before}
        {fields
          .filter((field) => !skip.includes(field.name))
          .map((field) => (
            <SettingInput
              key={field.name}
              field={field}
              value={settings[field.name]}
              label={labels(field.name)}
              hint={hint(field.name)}
              refusal={refusal}
              optionLabel={field.name === "theme" ? (option) => themes(option) : field.name === "language" ? (option) => languages(option) : undefined}
            />
          ))}
        {children}
        <button className={styles.button} type="submit">
          {t("save")}
        </button>
      </form>
    </section>
  );
}
