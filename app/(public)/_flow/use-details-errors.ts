"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { fieldForParam, messageForParam, questionKey, validateDetails, type DetailsErrors, type DetailsValues } from "@/lib/booking-pages/details";
import type { CreateBookingRequest, Question } from "@/lib/booking-pages/types";
import { useFocusAfterCommit } from "./use-focus-after-commit";

/**
 * The customer's details and what is wrong with them, for every form that sends them (the
 * details step and the waitlist step): a field's message goes away as soon as that field is
 * edited, a refusal moves the cursor to the first field with a problem (its message is tied to it
 * by aria-describedby), and the server's 422 is said in the page's words beside its field.
 */
export function useDetailsErrors(values: DetailsValues, onChange: (next: DetailsValues) => void) {
  const tValidation = useTranslations("flow.validation");
  const [errors, setErrors] = useState<DetailsErrors>({});
  const focusAfterCommit = useFocusAfterCommit();
  const focusFirstInvalid = () => focusAfterCommit(() => document.querySelector<HTMLElement>("[aria-invalid='true']"));

  function change(next: DetailsValues) {
    const edited = new Set<string>();
    for (const field of ["name", "email", "phone"] as const) if (next[field] !== values[field]) edited.add(field);
    if (next.phoneCountry !== values.phoneCountry) edited.add("phone");
    for (const id of new Set([...Object.keys(next.answers), ...Object.keys(values.answers)])) {
      if (next.answers[id] !== values.answers[id]) edited.add(questionKey(id));
    }
    if ([...edited].some((key) => errors[key])) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !edited.has(key))));
    onChange(next);
  }

  /** Checks the details before sending; false (and the cursor on the first problem) when any is wrong. */
  function validate(current: DetailsValues, questions: Question[]): boolean {
    const found = validateDetails(current, questions, tValidation);
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    focusFirstInvalid();
    return false;
  }

  /** A 422 naming one of the form's fields: its message beside that field. False when it names none. */
  function refuseField(param: string | undefined, body: CreateBookingRequest): boolean {
    const field = fieldForParam(param, body);
    if (!field) return false;
    // The server's message names its own fields ("customer.email: …"); say it in the page's words.
    setErrors({ [field]: messageForParam(field, tValidation) });
    focusFirstInvalid();
    return true;
  }

  return { errors, change, validate, refuseField, focusAfterCommit };
}
