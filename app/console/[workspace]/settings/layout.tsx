import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { requireConsole } from "../../_session";
import { isOwner } from "./_roles";
import { SettingsNav } from "./_subnav";
import local from "./settings.module.css";

type LayoutProps = { children: ReactNode; params: Promise<{ workspace: string }> };

const EVERY_MEMBER = ["profile", "brand", "notifications", "embed", "audit"] as const;
const OWNERS_ONLY = ["usage", "webhooks", "api-keys", "members"] as const;

/** Settings (docs/console.md#settings): the sections a member's role may use, and nothing else. */
export default async function SettingsLayout({ children, params }: LayoutProps) {
  const { workspace } = await params;
  const { access } = await requireConsole(workspace);
  const t = await getTranslations("console.settings");
  const base = `/console/${access.workspace.id}/settings`;
  const sections = [...EVERY_MEMBER, ...(isOwner(access) ? OWNERS_ONLY : [])];
  return (
    <>
      <h1>{t("title")}</h1>
      <div className={local.layout}>
        <div className={local.subnav}>
          <SettingsNav label={t("sectionsLabel")} items={sections.map((section) => ({ href: `${base}/${section}`, text: t(`sections.${section}`) }))} />
        </div>
        <div>{children}</div>
      </div>
    </>
  );
}
