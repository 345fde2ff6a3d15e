import type { ReactNode } from "react";
import Link from "next/link";
import { DomainError } from "@/lib/errors";
import styles from "../../console.module.css";
import local from "./settings.module.css";
import type { SettingsField } from "./_fields";
import type { WorkspaceSettings } from "@/lib/workspaces/schemas";
import { RefusalText } from "../../_refusal-text";

export type PageSearch = Promise<Record<string, string | string[] | undefined>>;

/** A refused write as its page reads it back from the query (docs/console.md#settings). */
export type ShownRefusal = { error: string; param?: string; message: string; detail?: string; value?: string } | null;

export function refusalFrom(query: Record<string, string | string[] | undefined>): ShownRefusal {
  const one = (key: string) => (typeof query[key] === "string" ? query[key] : undefined);
  const error = one("error");
  if (!error) return null;
  return { error, param: one("param"), message: one("message") ?? error, detail: one("detail"), value: one("value") };
}

/** Whether a refusal names this field (or one inside it: `reminders.0.minutes_before` names `reminders`). */
export function names(refusal: ShownRefusal, field: string): boolean {
  return !!refusal?.param && (refusal.param === field || refusal.param.startsWith(`${field}.`));
}

/** The refusal beside the field it names (docs/console.md#refusals), tied to the control by aria-describedby. */
export function FieldError({ id, message, detail }: { id: string; message: string; detail?: string }) {
  return (
    <p id={id} className={styles.error}>
      <RefusalText message={message} detail={detail} />
    </p>
  );
}

/** A refusal that names no field of the page: said once, at the top of the form. */
export function FormError({ refusal, fields }: { refusal: ShownRefusal; fields: string[] }) {
  if (!refusal || fields.some((field) => names(refusal, field))) return null;
  return (
    <p role="alert" className={styles.error}>
      <RefusalText message={refusal.message} detail={refusal.detail} />
    </p>
  );
}

/**
 * A log read with the page's own query (a cursor, a filter). One the API refuses (a link kept
 * from before, a hand-edited address) reads the newest instead and says so: no error page.
 */
export async function readLog<T>(read: (withQuery: boolean) => Promise<T>): Promise<{ page: T; stale: boolean }> {
  try {
    return { page: await read(true), stale: false };
  } catch (error) {
    if (error instanceof DomainError && error.type === "validation_failed") return { page: await read(false), stale: true };
    throw error;
  }
}

/** The link to a log's next, older page, when it has one. */
export function OlderLink({ href, label }: { href: string | null; label: string }) {
  return href ? (
    <p>
      <Link href={href}>{label}</Link>
    </p>
  ) : null;
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.notice}>
      {children}
    </p>
  );
}

type FieldProps = {
  field: SettingsField;
  value: WorkspaceSettings[SettingsField["name"]];
  label: string;
  hint?: string;
  refusal: ShownRefusal;
  optionLabel?: (option: string) => string;
};

/** One workspace setting as a labelled control, with its hint and the API's refusal beside it. */
export function SettingInput({ field, value, label, hint, refusal, optionLabel }: FieldProps) {
  const id = `f-${field.name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const refused = names(refusal, field.name);
  const describedBy = [hint ? hintId : "", refused ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, name: field.name, "aria-invalid": refused || undefined, "aria-describedby": describedBy };
  const stored = value === null || value === undefined ? "" : String(value);
  // A refused value is shown as it was typed, beside the API's message.
  const text = refused && refusal?.param === field.name && refusal.value !== undefined ? refusal.value : stored;
  let control: ReactNode;
  if (field.kind === "checkbox") {
    return (
      <div className={local.check}>
        <input type="checkbox" {...common} defaultChecked={value === true} />
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={hintId} className={local.hint}>
            {hint}
          </p>
        ) : null}
        {refused && refusal ? <FieldError id={errorId} message={refusal.message} detail={refusal.detail} /> : null}
      </div>
    );
  }
  if (field.kind === "textarea") control = <textarea {...common} defaultValue={text} rows={3} />;
  else if (field.kind === "select")
    control = (
      <select {...common} defaultValue={text}>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {optionLabel ? optionLabel(option) : option}
          </option>
        ))}
      </select>
    );
  else if (field.kind === "color") control = <input {...common} type="text" defaultValue={text} placeholder="#0f766e" spellCheck={false} autoComplete="off" />;
  else
    control = (
      <input {...common} type={field.kind === "number" ? "text" : field.kind} inputMode={field.kind === "number" ? "numeric" : undefined} defaultValue={text} />
    );
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {control}
      {hint ? (
        <p id={hintId} className={local.hint}>
          {hint}
        </p>
      ) : null}
      {refused && refusal ? <FieldError id={errorId} message={refusal.message} detail={refusal.detail} /> : null}
    </div>
  );
}
