"use client";

import { useActionState } from "react";
import { NOTHING_YET, type FormState } from "./form-state";
import { FormError } from "./field-error";
import consoleStyles from "../console.module.css";
import styles from "./setup.module.css";

/** One button that runs one write (remove, sync, turn off …); a refusal shows beside it. */
export function ActionButton({
  action,
  fields,
  label,
  name,
  tone = "secondary",
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  fields: Record<string, string>;
  label: string;
  /** The accessible name when the visible label alone is ambiguous in a list ("Remove" → "Remove time off 1 Dec"). */
  name?: string;
  tone?: "primary" | "secondary" | "danger";
}) {
  const [state, run, pending] = useActionState(action, NOTHING_YET);
  const toneClass = tone === "secondary" ? consoleStyles.secondary : tone === "danger" ? consoleStyles.danger : "";
  return (
    <form action={run} className={styles.inline}>
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <button type="submit" className={`${consoleStyles.button} ${toneClass}`} disabled={pending} aria-label={name}>
        {label}
      </button>
      <FormError state={state} params={[]} />
    </form>
  );
}
