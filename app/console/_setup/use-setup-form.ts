"use client";

import { useActionState, useEffect, useRef, useTransition, type FormEvent } from "react";
import { NOTHING_YET, type FormState } from "./form-state";

/**
 * A setup form's action, submitted by hand so a refused form keeps everything typed (React
 * resets a form given to `action` once its action ends, refused or not). `resetOnSave` empties
 * an "add" form once what it added is saved. The browser's own checks are off: the API's
 * schema is the one that refuses, with its message beside the field.
 */
export function useSetupForm(action: (state: FormState, form: FormData) => Promise<FormState>, { resetOnSave = false } = {}) {
  const [state, run, pending] = useActionState(action, NOTHING_YET);
  const [, startTransition] = useTransition();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (resetOnSave && state.saved && !state.error) ref.current?.reset();
  }, [state, resetOnSave]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => run(data));
  };
  return { state, pending, form: { ref, onSubmit, noValidate: true } };
}
