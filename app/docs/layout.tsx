import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { DocsNav } from "@/components/docs/docs-nav";
import styles from "@/components/docs/docs.module.css";

export const metadata: Metadata = {
  title: { default: "API reference · Appointment booking", template: "%s · Appointment booking docs" },
  description: "The appointment booking API: reference, quickstart, webhooks, embedding, test mode and errors.",
};

export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className={styles.header}>
        <Link href="/" className={styles.brand}>
          Appointment booking
        </Link>
        <DocsNav />
        <a className={styles.raw} href="/v1/openapi.json">
          openapi.json
        </a>
      </header>
      <div id="content" tabIndex={-1} className={styles.content}>
        {children}
      </div>
    </>
  );
}
