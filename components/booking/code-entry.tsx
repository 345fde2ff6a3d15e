"use client";

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
        We sent a {CODE_LENGTH}-digit code to <strong className={styles.destination}>{destination}</strong>. Enter it below to confirm your booking.
      </p>
      {children}
      <TextField
        ref={input}
        label="Confirmation code"
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
        <span className={styles.fine}>Can't find it? Check your spam folder.</span>
        <Button type="submit" busy={submitting}>
          Confirm booking
        </Button>
      </div>
    </form>
  );
}
