"use client";

import { useState } from "react";
import styles from "../../../console.module.css";

/** Copies a text (the embed snippet) to the clipboard and says so. */
export function CopyButton({ value, texts }: { value: string; texts: { copy: string; copied: string } }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={`${styles.button} ${styles.secondary}`}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setCopied(true));
      }}
    >
      {copied ? texts.copied : texts.copy}
    </button>
  );
}
