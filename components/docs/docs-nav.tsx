"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./docs.module.css";

/** The guides and the reference, in the order an integrator meets them. */
export const DOCS_PAGES = [
  { href: "/docs", label: "API reference" },
  { href: "/docs/quickstart", label: "Quickstart" },
  { href: "/docs/webhooks", label: "Webhooks" },
  { href: "/docs/embedding", label: "Embedding" },
  { href: "/docs/group-sessions", label: "Classes" },
  { href: "/docs/series-and-waitlists", label: "Series" },
  { href: "/docs/external-calendars", label: "External calendars" },
  { href: "/docs/test-mode", label: "Test mode" },
  { href: "/docs/errors", label: "Errors" },
] as const;

/**
 * The docs' top bar is one navigation landmark, not a banner: on phones the reference renders
 * its own <header>, and a page may have only one banner.
 */
export function DocsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Documentation" className={styles.header}>
      <Link href="/" className={styles.brand}>
        Appointment booking
      </Link>
      <ul className={styles.nav}>
        {DOCS_PAGES.map((page) => (
          <li key={page.href}>
            <Link href={page.href} aria-current={pathname === page.href ? "page" : undefined}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
      <a className={styles.raw} href="/v1/openapi.json">
        openapi.json
      </a>
    </nav>
  );
}
