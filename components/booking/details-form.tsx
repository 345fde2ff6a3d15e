"use client";

import { useTranslations } from "next-intl";
import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { FIELD_MAX_LENGTH, questionKey, type DetailsErrors, type DetailsValues } from "@/lib/booking-pages/details";
import type { Question } from "@/lib/booking-pages/types";
import { PhoneField } from "./phone-field";
import styles from "./form.module.css";

type DetailsFormProps = {
  values: DetailsValues;
  errors: DetailsErrors;
  questions: Question[];
  onChange: (values: DetailsValues) => void;
  onSubmit: () => void;
  onBack: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Shown above the button: the code warning, payment and refund terms, the business's terms. */
  notes?: ReactNode;
  formError?: ReactNode;
  locale: string;
  /** The phone country when the customer has not chosen one (the business's). */
  defaultPhoneCountry?: string;
};

/**
 * The customer's details. Fields are controlled by the flow, so nothing typed is lost when
 * a request fails or the customer goes back to pick another time.
 */
export function DetailsForm(props: DetailsFormProps) {
  const { values, errors, questions, onChange, onSubmit, onBack, submitting, submitLabel, notes, formError } = props;
  const t = useTranslations("flow.details");
  const set = (patch: Partial<DetailsValues>) => onChange({ ...values, ...patch });
  const setAnswer = (id: string, value: string) => onChange({ ...values, answers: { ...values.answers, [id]: value } });

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-describedby={formError ? "details-form-error" : undefined}>
      {formError && <div id="details-form-error">{formError}</div>}
      <div className={styles.row}>
        <TextField
          label={t("fullName")}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label={t("email")}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => set({ email: e.target.value })}
        />
      </div>
      <PhoneField
        value={values.phone}
        country={values.phoneCountry ?? props.defaultPhoneCountry ?? ""}
        onChange={(patch) => set(patch)}
        locale={props.locale}
        maxLength={FIELD_MAX_LENGTH.phone}
        error={errors.phone}
      />
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          value={values.answers[question.id] ?? ""}
          error={errors[questionKey(question.id)]}
          onChange={(value) => setAnswer(question.id, value)}
        />
      ))}
      {notes && <div className={styles.notes}>{notes}</div>}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onBack}>
          {t("back")}
        </Button>
        <Button type="submit" busy={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function QuestionField({ question, value, error, onChange }: { question: Question; value: string; error?: string; onChange: (value: string) => void }) {
  const t = useTranslations("flow.details");
  const common = { label: question.label, hint: question.help_text ?? undefined, error, name: `question-${question.id}` };
  // What every field holding typed or chosen text takes.
  const text = { ...common, optional: !question.required, required: question.required, value };
  switch (question.type) {
    case "long_text":
      return <TextAreaField {...text} onChange={(e) => onChange(e.target.value)} />;
    case "select":
      return (
        <SelectField
          {...text}
          placeholder={t("chooseOne")}
          options={question.options.map((option) => ({ value: option, label: option }))}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "checkbox":
      return (
        <CheckboxField {...common} required={question.required} checked={value === "true"} onChange={(e) => onChange(e.target.checked ? "true" : "false")} />
      );
    default:
      return <TextField {...text} onChange={(e) => onChange(e.target.value)} />;
  }
}
