import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ManageView } from "@/app/(public)/_flow/manage-view";
import { BusinessHeader } from "@/components/booking/business-header";
import { Card } from "@/components/ui/card";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { AnnouncerProvider } from "@/components/ui/live-region";
import { ThemeStyle } from "@/components/ui/theme-style";
import { loadManagePage } from "@/lib/booking-pages/load-manage-page";
import { RetiredLink } from "./retired-link";
import styles from "../../book/[slug]/page.module.css";
import own from "./manage.module.css";

export const dynamic = "force-dynamic";

// A manage link is a credential: keep it out of search engines and referrers.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage");
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

type PageProps = { params: Promise<{ token: string }> };

// GET /manage/{token} – the customer's booking: view, cancel, reschedule (reads only on load);
// a cancelled or lapsed link still names the business and leads to its booking page.
export default async function ManagePage({ params }: PageProps) {
  const { token } = await params;
  const data = await loadManagePage(token);
  if (!data) notFound();
  const t = await getTranslations("manage");
  const tUi = await getTranslations("ui.languageSwitcher");
  const workspace = data.kind === "live" ? data.read.workspace : data.retired.workspace;
  return (
    <AnnouncerProvider>
      <ThemeStyle brand={{ brandColor: workspace.brand_color, theme: workspace.theme }} />
      <a className="skip-link" href="#booking">
        {t("skipLink")}
      </a>
      <div className={styles.page}>
        <div className={styles.about}>
          <section className={own.language} aria-label={tUi("label")}>
            <LanguageSwitcher />
          </section>
          <BusinessHeader info={{ ...workspace }} eyebrow={t("eyebrow")} />
        </div>
        <main id="booking" className={styles.main} tabIndex={-1}>
          <Card as="section" aria-label={t("detailsLabel")}>
            {data.kind === "live" ? (
              <ManageView token={token} initial={data.read} locale={data.locale} serverNow={data.serverNow} />
            ) : (
              <RetiredLink retired={data.retired} locale={data.locale} />
            )}
          </Card>
        </main>
      </div>
    </AnnouncerProvider>
  );
}
