import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { signOutAction } from "../actions";
import { requireConsole } from "../_session";
import styles from "../console.module.css";
import { zoneName } from "../_zone";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Console", robots: { index: false, follow: false } };

type LayoutProps = { children: ReactNode; params: Promise<{ workspace: string }> };

/**
 * The console's shell: the workspace's name and zone, its sections, the switcher when the
 * person belongs to several workspaces, and "Sign out". Sections a role cannot use are not
 * shown (docs/console.md#members-and-roles); Schedule, Services and Settings join this list.
 */
export default async function ConsoleLayout({ children, params }: LayoutProps) {
  const { workspace: workspaceId } = await params;
  const { access } = await requireConsole(workspaceId);
  const base = `/console/${access.workspace.id}`;
  const setup = await getTranslations("console");
  return (
    <div className={styles.shell}>
      <header className={styles.top}>
        <div>
          <strong>{access.workspace.name}</strong> <span title={access.workspace.timezone}>({zoneName(access.workspace.timezone)})</span>
        </div>
        <nav aria-label="Console">
          <ul className={styles.nav}>
            <li>
              <Link href={`${base}/bookings`}>Bookings</Link>
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
          </ul>
        </nav>
        {access.workspaces.length > 1 ? (
          <nav aria-label="Workspaces">
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
        <form action={signOutAction}>
          <span>
            {access.email} · {access.member.role === "owner" ? "Owner" : "Staff"}
          </span>{" "}
          <button className={`${styles.button} ${styles.secondary}`} type="submit">
            Sign out
          </button>
        </form>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
