"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { addQuestionAction, moveQuestionAction, removeQuestionAction } from "../../_setup/catalog-actions";
import { useSetupForm } from "../../_setup/use-setup-form";
import { ActionButton } from "../../_setup/action-button";
import { MoveButtons } from "../../_setup/move-buttons";
import { FieldError, FormError, invalidProps } from "../../_setup/field-error";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";

type Question = { id: string; label: string; type: "text" | "long_text" | "select" | "checkbox"; required: boolean; options: string[]; everyService: boolean };
const FIELDS = ["label", "help_text", "type", "options", "required"] as const;

/**
 * The questions this service asks, in the order the booking page asks them: "Move up" /
 * "Move down", "Remove", and the form that adds one (POST /v1/questions for this service).
 */
export function QuestionsEditor({ workspace, service, questions }: { workspace: string; service: string; questions: Question[] }) {
  const t = useTranslations("console.services.questions");
  const { state, pending, form } = useSetupForm(addQuestionAction, { resetOnSave: true });
  const [type, setType] = useState<Question["type"]>("text");
  const fields = { workspace, service };
  const typeLabel: Record<Question["type"], string> = {
    text: t("types.text"),
    long_text: t("types.long_text"),
    select: t("types.select"),
    checkbox: t("types.checkbox"),
  };
  return (
    <>
      {questions.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ol className={styles.plain} aria-label={t("listName")}>
          {questions.map((question, index) => (
            <li key={question.id} className={styles.item}>
              <strong>{question.label}</strong> · {typeLabel[question.type]}
              {question.required ? ` · ${t("required")}` : ""}
              {question.everyService ? ` · ${t("everyService")}` : ""}
              {question.options.length > 0 ? <span className={styles.hint}> ({question.options.join(", ")})</span> : null}
              <div className={styles.row}>
                <MoveButtons
                  action={moveQuestionAction}
                  fields={{ ...fields, id: question.id }}
                  index={index}
                  count={questions.length}
                  texts={{ up: t("up"), upName: t("upName", { label: question.label }), down: t("down"), downName: t("downName", { label: question.label }) }}
                />
                <ActionButton
                  action={removeQuestionAction}
                  fields={{ ...fields, id: question.id }}
                  label={t("remove")}
                  name={t("removeName", { label: question.label })}
                  tone="danger"
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <form {...form}>
        <input type="hidden" name="workspace" value={workspace} />
        <input type="hidden" name="service" value={service} />
        <h3>{t("addHeading")}</h3>
        <FormError state={state} params={FIELDS} />
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor="question-label">{t("label")}</label>
            <input id="question-label" name="label" aria-required {...invalidProps(state, "label", "question-label")} />
            <FieldError state={state} param="label" id="question-label" />
          </div>
          <div className={styles.field}>
            <label htmlFor="question-type">{t("type")}</label>
            <select id="question-type" name="type" value={type} onChange={(event) => setType(event.target.value as Question["type"])}>
              {(Object.keys(typeLabel) as Question["type"][]).map((option) => (
                <option key={option} value={option}>
                  {typeLabel[option]}
                </option>
              ))}
            </select>
            <FieldError state={state} param="type" id="question-type" />
          </div>
          <div className={styles.field}>
            <label htmlFor="question-help">{t("help")}</label>
            <input id="question-help" name="help_text" {...invalidProps(state, "help_text", "question-help")} />
            <FieldError state={state} param="help_text" id="question-help" />
          </div>
        </div>
        {type === "select" ? (
          <div className={styles.field}>
            <label htmlFor="question-options">{t("options")}</label>
            <textarea id="question-options" name="options" rows={4} aria-required {...invalidProps(state, "options", "question-options")} />
            <p className={styles.hint}>{t("optionsHint")}</p>
            <FieldError state={state} param="options" id="question-options" />
          </div>
        ) : null}
        <div className={styles.field}>
          <label>
            <input type="checkbox" name="required" /> {t("requiredChoice")}
          </label>
        </div>
        <button type="submit" className={consoleStyles.button} disabled={pending}>
          {t("add")}
        </button>
      </form>
    </>
  );
}
