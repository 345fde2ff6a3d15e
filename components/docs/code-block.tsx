"use client";

import { useState } from "react";
import styles from "./docs.module.css";

/**
 * A copyable code sample. The block scrolls sideways on narrow screens and is focusable so a
 * keyboard can scroll it too; the copy button announces its result politely.
 */
export function CodeBlock({ code, label, language = "bash" }: { code: string; label: string; language?: string }) {
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("done");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 2500);
  };
  return (
    <div className={styles.codeBlock}>
      <div className={styles.codeBar}>
        <span className={styles.codeLanguage}>{language}</span>
        <button type="button" className={styles.copy} onClick={copy} aria-label={`Copy ${label}`}>
          {copied === "done" ? "Copied" : copied === "failed" ? "Select and copy" : "Copy"}
        </button>
        <span className="visually-hidden" role="status">
          {copied === "done" ? `${label} copied` : ""}
        </span>
      </div>
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
