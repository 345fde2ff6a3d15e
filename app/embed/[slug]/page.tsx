import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AnnouncerProvider } from "@/components/ui/live-region";
import { ThemeStyle } from "@/components/ui/theme-style";
import { embedBrand } from "@/lib/embed/embed-brand";
import { getConfig } from "@/lib/config";
import { loadBaseContext } from "@/lib/context";
import { listFrameAncestors } from "@/lib/embed/frame-ancestors";
import { decideFrame } from "@/lib/embed/frame-decision";
import { loadBookingPage } from "@/lib/booking-pages/load-booking-page";
import { EmbedFrame } from "./embed-frame";
import { EmbedRefused } from "./embed-refused";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const data = await loadBookingPage((await params).slug);
  const t = await getTranslations("embed");
  return { title: data ? t("metaTitle", { business: data.bootstrap.workspace.name }) : t("metaFallback"), robots: { index: false } };
}

// GET /embed/{slug} – the widget frame loaded by /embed.js (framing limited by proxy.ts through CSP
// frame-ancestors); a site not on the key's allowed_origins gets a message and a link instead
export default async function EmbedPage({ params, searchParams }: PageProps) {
  const { slug } = await params;
  const data = await loadBookingPage(slug);
  if (!data) notFound();
  const { appOrigin, appUrl } = getConfig();
  const allowedOrigins = await listFrameAncestors((await loadBaseContext("page")).db, { slug, appOrigin });
  const query = await searchParams;
  const requestHeaders = await headers();
  const decision = decideFrame({
    ancestors: allowedOrigins,
    originParam: typeof query.origin === "string" ? query.origin : null,
    referer: requestHeaders.get("referer"),
    fetchDest: requestHeaders.get("sec-fetch-dest"),
  });
  const { workspace } = data.bootstrap;
  // data-theme / data-brand-color on this embed's script win over the workspace's, for this frame only.
  const brand = embedBrand(workspace, { theme: query.theme, brandColor: query.brand_color });
  if (decision.kind === "refused") {
    return (
      <>
        <ThemeStyle brand={brand} />
        <EmbedRefused businessName={workspace.name} bookingUrl={`${appUrl}/book/${encodeURIComponent(workspace.slug)}`} parentOrigin={decision.parentOrigin} />
      </>
    );
  }
  const mode = query.mode === "popup" ? "popup" : "inline";
  return (
    <AnnouncerProvider>
      <ThemeStyle brand={brand} />
      <EmbedFrame
        bootstrap={data.bootstrap}
        locale={data.locale}
        serverNow={data.serverNow}
        stripePublishableKey={data.stripePublishableKey}
        devTools={data.devTools}
        zoneNames={data.zoneNames}
        allowedOrigins={allowedOrigins}
        mode={mode}
        theme={brand.theme}
      />
    </AnnouncerProvider>
  );
}
