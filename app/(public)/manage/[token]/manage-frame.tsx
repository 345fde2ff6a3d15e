import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { BusinessHeader, type BusinessInfo } from "@/components/booking/business-header";
import { Card } from "@/components/ui/card";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { AnnouncerProvider } from "@/components/ui/live-region";
import { ThemeStyle } from "@/components/ui/theme-style";
import type { Brand } from "@/lib/brand/theme-css";
import styles from "../../book/[slug]/page.module.css";
import own from "./manage.module.css";

/** The manage page's frame: the business it is with, in its colours, and the booking's card (live or retired). */
export async function ManageFrame({
  workspace,
  labels,
  children,
}: {
  workspace: BusinessInfo & { brand_color: string | null; theme: Brand["theme"] };
  /** Another customer page in this frame (the waitlist link's) names its own skip link, eyebrow and card. */
  labels?: { skipLink: string; eyebrow: string; details: string };
  children: ReactNode;
}) {
  const t = await getTranslations("manage");
  const named = labels ?? { skipLink: t("skipLink"), eyebrow: t("eyebrow"), details: t("detailsLabel") };
  const tUi = await getTranslations("ui.languageSwitcher");
  return (
    <AnnouncerProvider>
      <ThemeStyle brand={{ brandColor: workspace.brand_color, theme: workspace.theme }} />
      <a className="skip-link" href="#booking">
        {named.skipLink}
      </a>
      <div className={styles.page}>
        <div className={styles.about}>
          <section className={own.language} aria-label={tUi("label")}>
            <LanguageSwitcher />
          </section>
          <BusinessHeader info={{ ...workspace }} eyebrow={named.eyebrow} theme={workspace.theme} />
        </div>
        <main id="booking" className={styles.main} tabIndex={-1}>
          <Card as="section" aria-label={named.details}>
            {children}
          </Card>
        </main>
      </div>
    </AnnouncerProvider>
  );
}
