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
  { href: "/docs/test-mode", label: "Test mode" },
  { href: "/docs/errors", label: "Errors" },
] as const;

export function DocsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Documentation" className={styles.nav}>
      <ul>
        {DOCS_PAGES.map((page) => (
          <li key={page.href}>
            <Link href={page.href} aria-current={pathname === page.href ? "page" : undefined}>
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
