"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** Settings' sections; the current one is marked for assistive technology (aria-current). */
export function SettingsNav({ label, items }: { label: string; items: { href: string; text: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} aria-current={pathname === item.href || pathname.startsWith(`${item.href}/`) ? "page" : undefined}>
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
