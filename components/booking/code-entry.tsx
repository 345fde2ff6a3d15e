"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import styles from "./form.module.css";

type CodeEntryProps = {
  destination: string;
  code: string;
  error?: string;
  onChange: (code: string) => void;
  onSubmit: () => void;
  submitting: boolean;
  children?: ReactNode;
};

export const CODE_LENGTH = 6;

/** One field for the 6-digit code: paste and SMS/email autofill (one-time-code) both work. */
export function CodeEntry({ destination, code, error, onChange, onSubmit, submitting, children }: CodeEntryProps) {
  const t = useTranslations("flow.verify");
  const input = useRef<HTMLInputElement>(null);
  // After the step heading takes focus (the flow does that on every step change), move it
  // on to the one field this step asks for.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => input.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        {t.rich("sent", {
          length: CODE_LENGTH,
          email: destination,
          strong: (chunks) => (
            <strong className={styles.destination} dir="ltr">
              {chunks}
            </strong>
          ),
        })}
      </p>
      {children}
      <TextField
        ref={input}
        label={t("codeLabel")}
        name="code"
        className={styles.codeInput}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        required
        value={code}
        error={error}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
      />
      <div className={styles.actions}>
        <span className={styles.fine}>{t("spam")}</span>
        <Button type="submit" busy={submitting}>
          {t("confirm")}
        </Button>
      </div>
    </form>
  );
}
