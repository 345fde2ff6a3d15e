import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { PAGE_PATH_HEADER } from "@/lib/i18n/page-scope";
import { signOutAction } from "../actions";
import { chooseConsoleLanguageAction } from "../_language";
import { requireConsole } from "../_session";
import styles from "../console.module.css";
import { zoneName } from "../_zone";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("console.shell");
  return { title: t("metaTitle"), robots: { index: false, follow: false } };
}

type LayoutProps = { children: ReactNode; params: Promise<{ workspace: string }> };

/**
 * The console's shell: the workspace's name and zone, its sections, the switcher when the
 * person belongs to several workspaces, the member's language (docs/console.md#languages) and
 * "Sign out". Sections a role cannot use are not shown (docs/console.md#members-and-roles);
 * Schedule, Services and Settings join this list.
 */
export default async function ConsoleLayout({ children, params }: LayoutProps) {
  const { workspace: workspaceId } = await params;
  const { access } = await requireConsole(workspaceId);
  const [t, locale, zone, path] = await Promise.all([
    getTranslations("console.shell"),
    getLocale(),
    zoneName(access.workspace.timezone),
    headers().then((h) => h.get(PAGE_PATH_HEADER) ?? ""),
  ]);
  const base = `/console/${access.workspace.id}`;
  const settings = await getTranslations("console.settings");
  const setup = await getTranslations("console");
  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        <div>
          <strong>{access.workspace.name}</strong> <span title={access.workspace.timezone}>({zone})</span>
        </div>
        <nav aria-label={t("nav")}>
          <ul className={styles.nav}>
            <li>
              <Link href={`${base}/bookings`}>{t("bookings")}</Link>
            </li>
            <li>
              <Link href={`${base}/schedule`}>{setup("schedule.nav")}</Link>
            </li>
            <li>
              <Link href={`${base}/services`}>{setup("services.nav")}</Link>
            </li>
            <li>
              <Link href={`${base}/calendars`}>{setup("calendars.nav")}</Link>
            </li>
            <li>
              <Link href={`${base}/settings`}>{settings("nav")}</Link>
            </li>
          </ul>
        </nav>
        {access.workspaces.length > 1 ? (
          <nav aria-label={t("workspaces")}>
            <ul className={styles.nav}>
              {access.workspaces.map((w) => (
                <li key={w.id}>
                  <Link href={`/console/${w.id}/bookings`} aria-current={w.id === access.workspace.id ? "page" : undefined}>
                    {w.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <form action={chooseConsoleLanguageAction} className={styles.language}>
          <input type="hidden" name="back" value={path} />
          <label htmlFor="console-language">{t("language")}</label>
          <select id="console-language" name="locale" defaultValue={locale}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
          <button className={`${styles.button} ${styles.secondary}`} type="submit">
            {t("changeLanguage")}
          </button>
        </form>
        <form action={signOutAction}>
          <span>
            {access.email} · {t("role", { role: access.member.role })}
          </span>{" "}
          <button className={`${styles.button} ${styles.secondary}`} type="submit">
            {t("signOut")}
          </button>
        </form>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
