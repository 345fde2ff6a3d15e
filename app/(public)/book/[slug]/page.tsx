import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { BookingFlow } from "@/app/(public)/_flow/booking-flow";
import { BusinessContact } from "@/components/booking/business-contact";
import { BusinessHeader } from "@/components/booking/business-header";
import { Card } from "@/components/ui/card";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import { AnnouncerProvider } from "@/components/ui/live-region";
import { ThemeStyle } from "@/components/ui/theme-style";
import { loadBookingPage } from "@/lib/booking-pages/load-booking-page";
import styles from "./page.module.css";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ slug: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

/** Link previews use the business's social texts, falling back to its name and blurb. */
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const data = await loadBookingPage((await params).slug);
  const t = await getTranslations("flow.page");
  if (!data) return { title: t("notFoundTitle"), robots: { index: false } };
  const { workspace } = data.bootstrap;
  const title = workspace.social_title ?? workspace.name;
  const description = workspace.social_description ?? workspace.blurb ?? t("description", { business: workspace.name });
  return {
    title: t("title", { business: workspace.name }),
    description,
    openGraph: { title, description, type: "website", siteName: workspace.name },
    twitter: { card: "summary", title, description },
  };
}

// GET /book/{slug} – the hosted booking page (server-rendered first paint, then the public API with the pk_ key)
export default async function BookPage({ params, searchParams }: PageProps) {
  const data = await loadBookingPage((await params).slug);
  if (!data) notFound();
  const { workspace } = data.bootstrap;
  const t = await getTranslations("flow.page");
  const tUi = await getTranslations("ui.languageSwitcher");
  const business = workspace.name;
  // Each step is a URL state: the first paint already shows the step the address names.
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((await searchParams) ?? {})) if (typeof value === "string") query.set(name, value);
  return (
    <AnnouncerProvider>
      <ThemeStyle brand={{ brandColor: workspace.brand_color, theme: workspace.theme }} />
      <a className="skip-link" href="#booking">
        {t("skip")}
      </a>
      <div className={styles.page}>
        <div className={styles.about}>
          {/* In a named region, so every part of the page sits in a landmark. */}
          <section className={styles.language} aria-label={tUi("label")}>
            <LanguageSwitcher />
          </section>
          <BusinessHeader info={workspace} eyebrow={t("eyebrow")} theme={workspace.theme} />
        </div>
        <main id="booking" className={styles.main} tabIndex={-1}>
          <Card as="section" aria-label={t("section", { business })}>
            <BookingFlow
              bootstrap={data.bootstrap}
              locale={data.locale}
              serverNow={data.serverNow}
              stripePublishableKey={data.stripePublishableKey}
              devTools={data.devTools}
              zoneNames={data.zoneNames}
              initialSearch={query.toString()}
            />
          </Card>
        </main>
        {/* After the booking on a phone (the flow first), under the business on a desktop. */}
        <aside className={styles.contact} aria-label={t("contactRegion", { business })}>
          <BusinessContact workspace={workspace} />
        </aside>
      </div>
      <footer className={styles.footer}>{t("footer", { business })}</footer>
    </AnnouncerProvider>
  );
}
