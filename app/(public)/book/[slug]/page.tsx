import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BookingFlow } from "@/app/(public)/_flow/booking-flow";
import { BusinessHeader } from "@/components/booking/business-header";
import { Card } from "@/components/ui/card";
import { AnnouncerProvider } from "@/components/ui/live-region";
import { loadBookingPage } from "@/lib/booking-pages/load-booking-page";
import styles from "./page.module.css";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ slug: string }> };

/** Link previews use the business's social texts, falling back to its name and blurb. */
export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const data = await loadBookingPage((await params).slug);
  if (!data) return { title: "Booking page not found", robots: { index: false } };
  const { workspace } = data.bootstrap;
  const title = workspace.social_title ?? workspace.name;
  const description = workspace.social_description ?? workspace.blurb ?? `Book online with ${workspace.name}.`;
  return {
    title: `Book with ${workspace.name}`,
    description,
    openGraph: { title, description, type: "website", siteName: workspace.name },
    twitter: { card: "summary", title, description },
  };
}

// GET /book/{slug} – the hosted booking page (server-rendered first paint, then the public API with the pk_ key)
export default async function BookPage({ params }: PageProps) {
  const data = await loadBookingPage((await params).slug);
  if (!data) notFound();
  const { workspace } = data.bootstrap;
  return (
    <AnnouncerProvider>
      <a className="skip-link" href="#booking">
        Skip to booking
      </a>
      <div className={styles.page}>
        <div className={styles.about}>
          <BusinessHeader info={workspace} eyebrow="Book online" />
        </div>
        <main id="booking" className={styles.main} tabIndex={-1}>
          <Card as="section" aria-label={`Book with ${workspace.name}`}>
            <BookingFlow
              bootstrap={data.bootstrap}
              locale={data.locale}
              serverNow={data.serverNow}
              stripePublishableKey={data.stripePublishableKey}
              devTools={data.devTools}
            />
          </Card>
        </main>
      </div>
      <footer className={styles.footer}>Online booking for {workspace.name}</footer>
    </AnnouncerProvider>
  );
}
