"use client";

import { createApiKeyAction } from "../actions";
import { OnceForm } from "../_once";
import local from "../settings.module.css";
import styles from "../../../console.module.css";
import { RefusalText } from "../../../_refusal-text";

type Texts = {
  shownOnce: string;
  copy: string;
  copied: string;
  name: string;
  type: string;
  types: { sk: string; pk: string };
  create: string;
};

/** "Create key": a name and a type; the full key is shown once, above the form. */
export function CreateKeyForm({ workspaceId, texts }: { workspaceId: string; texts: Texts }) {
  return (
    <OnceForm action={createApiKeyAction} texts={texts} fields={["name", "type"]}>
      {(refusal, values) => (
        <>
          <input type="hidden" name="workspace" value={workspaceId} />
          <div className={local.row}>
            <div className={styles.field}>
              <label htmlFor="key-name">{texts.name}</label>
              <input
                id="key-name"
                name="name"
                type="text"
                defaultValue={typeof values.name === "string" ? values.name : ""}
                autoComplete="off"
                aria-invalid={refusal?.param === "name" || undefined}
                aria-describedby={refusal?.param === "name" ? "key-name-error" : undefined}
              />
              {refusal?.param === "name" ? (
                <p id="key-name-error" className={styles.error}>
                  <RefusalText message={refusal.message} detail={refusal.detail} />
                </p>
              ) : null}
            </div>
            <div className={styles.field}>
              <label htmlFor="key-type">{texts.type}</label>
              <select id="key-type" name="type" defaultValue={values.type === "pk" ? "pk" : "sk"}>
                <option value="sk">{texts.types.sk}</option>
                <option value="pk">{texts.types.pk}</option>
              </select>
            </div>
            <div className={styles.field}>
              <button className={styles.button} type="submit">
                {texts.create}
              </button>
            </div>
          </div>
        </>
      )}
    </OnceForm>
  );
}
