import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./docs.module.css";

/** The frame of every guide page: one column, a lead paragraph, and where to go next. */
export function Guide({ title, lead, next, children }: { title: string; lead: ReactNode; next?: { href: string; label: string }; children: ReactNode }) {
  return (
    <main className={styles.guide}>
      <h1>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      {children}
      {next ? (
        <p className={styles.next}>
          Next: <Link href={next.href}>{next.label}</Link>
        </p>
      ) : null}
    </main>
  );
}

/** A table that scrolls inside itself on narrow screens instead of widening the page. */
export function GuideTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
