"use client";

import { useActionState, useState, type ReactNode } from "react";
import type { OnceState } from "./actions";
import local from "./settings.module.css";
import styles from "../../console.module.css";
import { RefusalText } from "../../_refusal-text";

type Texts = { shownOnce: string; copy: string; copied: string };

/** A secret shown once (a new key, a webhook signing secret), with a button that copies it. */
export function SecretOnce({ secret, texts }: { secret: string; texts: Texts }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className={styles.notice}>
      <p>{texts.shownOnce}</p>
      <code className={local.secret} data-testid="secret-once">
        {secret}
      </code>
      <button
        type="button"
        className={`${styles.button} ${styles.secondary}`}
        onClick={() => {
          void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
        }}
      >
        {copied ? texts.copied : texts.copy}
      </button>
    </div>
  );
}

/**
 * A form whose write answers something shown once: the answer lives only in this page's
 * memory (never in a URL, never stored), and a refusal comes back beside the field it names.
 */
export function OnceForm({
  action,
  texts,
  children,
  fields,
}: {
  action: (previous: OnceState, form: FormData) => Promise<OnceState>;
  texts: Texts;
  children: (refusal: { param?: string; message: string; detail?: string } | undefined, values: Record<string, string | string[]>) => ReactNode;
  /** The fields this form shows a refusal beside; any other refusal is said at the top. */
  fields: string[];
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const refusal = state?.refusal;
  const elsewhere = refusal && !fields.includes(refusal.param ?? "");
  return (
    <>
      {state?.secret ? <SecretOnce secret={state.secret} texts={texts} /> : null}
      {elsewhere ? (
        <p role="alert" className={styles.error}>
          <RefusalText message={refusal.message} detail={refusal.detail} />
        </p>
      ) : null}
      <form action={formAction} noValidate aria-busy={pending || undefined}>
        {children(refusal, state?.values ?? {})}
      </form>
    </>
  );
}
