"use client";

import { useTranslations } from "next-intl";
import { useId, type ComponentPropsWithRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import styles from "./field.module.css";

type FieldFrame = { label: ReactNode; hint?: ReactNode; error?: string; optional?: boolean; optionalText?: string };

/** Wires label, hint and error to the control (aria-describedby, aria-invalid) for every field type. */
function useFieldIds(error: string | undefined, hint: ReactNode | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { id, hintId, errorId, describedBy, invalid: error ? true : undefined };
}

function Frame({ id, frame, hintId, errorId, children }: { id: string; frame: FieldFrame; hintId?: string; errorId?: string; children: ReactNode }) {
  const t = useTranslations("ui.field");
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {/* Isolated: a business's own question ("Anything we should know?") keeps its direction on a right-to-left page. */}
        <bdi>{frame.label}</bdi>
        {frame.optional && <span className={styles.optional}> ({frame.optionalText ?? t("optional")})</span>}
      </label>
      {frame.hint && (
        <p id={hintId} className={styles.hint} dir="auto">
          {frame.hint}
        </p>
      )}
      {children}
      {frame.error && (
        <p id={errorId} className={styles.error}>
          <span aria-hidden="true">!</span>
          {frame.error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldFrame & Omit<ComponentPropsWithRef<"input">, "id">;

export function TextField({ label, hint, error, optional, optionalText, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <Frame id={ids.id} frame={{ label, hint, error, optional, optionalText }} hintId={ids.hintId} errorId={ids.errorId}>
      <input
        {...input}
        id={ids.id}
        className={[styles.control, className].filter(Boolean).join(" ")}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid}
        required={optional ? undefined : input.required}
      />
    </Frame>
  );
}

type TextAreaFieldProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">;

export function TextAreaField({ label, hint, error, optional, optionalText, ...area }: TextAreaFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <Frame id={ids.id} frame={{ label, hint, error, optional, optionalText }} hintId={ids.hintId} errorId={ids.errorId}>
      <textarea {...area} id={ids.id} className={styles.control} aria-describedby={ids.describedBy} aria-invalid={ids.invalid} />
    </Frame>
  );
}

type SelectFieldProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & { options: { value: string; label: string }[]; placeholder?: string };

export function SelectField({ label, hint, error, optional, optionalText, options, placeholder, ...select }: SelectFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <Frame id={ids.id} frame={{ label, hint, error, optional, optionalText }} hintId={ids.hintId} errorId={ids.errorId}>
      <select {...select} id={ids.id} className={styles.control} aria-describedby={ids.describedBy} aria-invalid={ids.invalid}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

type CheckboxFieldProps = Omit<FieldFrame, "optional" | "optionalText"> & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type">;

export function CheckboxField({ label, hint, error, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input {...input} type="checkbox" id={ids.id} className={styles.checkbox} aria-describedby={ids.describedBy} aria-invalid={ids.invalid} />
        <label htmlFor={ids.id}>
          <bdi>{label}</bdi>
        </label>
      </div>
      {hint && (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className={styles.error}>
          <span aria-hidden="true">!</span>
          {error}
        </p>
      )}
    </div>
  );
}
