import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AnnouncerProvider } from "@/components/ui/live-region";
import { getConfig } from "@/lib/config";
import { loadBaseContext } from "@/lib/context";
import { listFrameAncestors } from "@/lib/embed/frame-ancestors";
import { loadBookingPage } from "@/lib/booking-pages/load-booking-page";
import { EmbedFrame } from "./embed-frame";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const data = await loadBookingPage((await params).slug);
  return { title: data ? `Book with ${data.bootstrap.workspace.name}` : "Booking", robots: { index: false } };
}

// GET /embed/{slug} – the widget frame loaded by /embed.js (framing limited by proxy.ts through CSP frame-ancestors)
export default async function EmbedPage({ params, searchParams }: PageProps) {
  const { slug } = await params;
  const data = await loadBookingPage(slug);
  if (!data) notFound();
  const allowedOrigins = await listFrameAncestors((await loadBaseContext("page")).db, { slug, appOrigin: getConfig().appOrigin });
  const mode = (await searchParams).mode === "popup" ? "popup" : "inline";
  return (
    <AnnouncerProvider>
      <EmbedFrame
        bootstrap={data.bootstrap}
        locale={data.locale}
        serverNow={data.serverNow}
        stripePublishableKey={data.stripePublishableKey}
        devTools={data.devTools}
        allowedOrigins={allowedOrigins}
        mode={mode}
      />
    </AnnouncerProvider>
  );
}
