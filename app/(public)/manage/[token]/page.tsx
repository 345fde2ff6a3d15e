import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ManageView } from "@/app/(public)/_flow/manage-view";
import { loadManagePage } from "@/lib/booking-pages/load-manage-page";
import { ManageFrame } from "./manage-frame";

export const dynamic = "force-dynamic";

// A manage link is a credential: keep it out of search engines and referrers.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage");
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

type PageProps = { params: Promise<{ token: string }> };

// GET /manage/{token} – the customer's booking: view, cancel, reschedule (reads only on load).
// A token that no longer resolves (cancelled, lapsed, never issued) answers 404 as the API does;
// not-found.tsx still names the business of a cancelled or lapsed link and leads back to it.
export default async function ManagePage({ params }: PageProps) {
  const { token } = await params;
  const data = await loadManagePage(token);
  if (data?.kind !== "live") notFound();
  return (
    <ManageFrame workspace={data.read.workspace}>
      <ManageView token={token} initial={data.read} locale={data.locale} serverNow={data.serverNow} zoneNames={data.zoneNames} />
    </ManageFrame>
  );
}
