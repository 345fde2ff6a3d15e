import type { Metadata } from "next";
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
      <DocsNav />
      <div id="content" tabIndex={-1} className={styles.content}>
        {children}
      </div>
    </>
  );
}
