"use client";

import { useLocale, useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";
import styles from "./language-switcher.module.css";

/**
 * The customer's own choice of language (docs/decisions.md#languages). A native <select> (keyboard and
 * screen readers for free), each language named in itself and tagged with its own `lang`.
 * The choice is remembered in a cookie and the page reloads, rendered on the server in it; in the
 * widget frame, where a third-party cookie may not be kept, the frame's `lang` follows too.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useTranslations("ui.languageSwitcher");
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const id = useId();
  // Shown at once; the page follows when the server has rendered it in the new language.
  const [chosen, setChosen] = useState<{ from: string; value: Locale } | null>(null);
  const shown = chosen && chosen.from === locale ? chosen.value : locale;

  function choose(next: Locale) {
    setChosen({ from: locale, value: next });
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
    startTransition(() => {
      if (searchParams.has("lang")) {
        const params = new URLSearchParams(searchParams);
        params.set("lang", next);
        router.replace(`${pathname}?${params.toString()}`, { scroll: false });
      } else {
        // A reload, not router.refresh(): the booking flow keeps its steps in history entries of
        // its own (app/(public)/_flow/flow-history.ts), and a refresh would write the router's
        // address over the step. The step (address), what was typed and a hold (this tab's
        // storage) all survive a reload.
        window.location.reload();
      }
    });
  }

  return (
    <div className={[styles.switcher, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={styles.label}>
        <svg aria-hidden="true" className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.75 5.7 3.75 9S14.5 18.3 12 21c-2.5-2.7-3.75-5.7-3.75-9S9.5 5.7 12 3z" />
        </svg>
        {t("label")}
      </label>
      <select
        id={id}
        className={styles.select}
        value={shown}
        aria-busy={pending || undefined}
        onChange={(event) => {
          if (isLocale(event.target.value)) choose(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
