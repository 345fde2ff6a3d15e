import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ManageView } from "@/app/(public)/_flow/manage-view";
import { BusinessHeader } from "@/components/booking/business-header";
import { Card } from "@/components/ui/card";
import { AnnouncerProvider } from "@/components/ui/live-region";
import { loadManagePage } from "@/lib/booking-pages/load-manage-page";
import styles from "../../book/[slug]/page.module.css";

export const dynamic = "force-dynamic";

// A manage link is a credential: keep it out of search engines and referrers.
export const metadata: Metadata = { title: "Your booking", robots: { index: false, follow: false }, referrer: "no-referrer" };

type PageProps = { params: Promise<{ token: string }> };

// GET /manage/{token} – the customer's booking: view, cancel, reschedule (reads only on load)
export default async function ManagePage({ params }: PageProps) {
  const { token } = await params;
  const data = await loadManagePage(token);
  if (!data) notFound();
  const { workspace } = data.read;
  return (
    <AnnouncerProvider>
      <a className="skip-link" href="#booking">
        Skip to your booking
      </a>
      <div className={styles.page}>
        <div className={styles.about}>
          <BusinessHeader info={{ ...workspace }} eyebrow="Your booking with" />
        </div>
        <main id="booking" className={styles.main} tabIndex={-1}>
          <Card as="section" aria-label="Booking details">
            <ManageView token={token} initial={data.read} locale={data.locale} serverNow={data.serverNow} />
          </Card>
        </main>
      </div>
    </AnnouncerProvider>
  );
}
