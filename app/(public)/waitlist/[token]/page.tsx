import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ManageFrame } from "@/app/(public)/manage/[token]/manage-frame";
import { buttonClass } from "@/components/ui/button";
import { formatLongDate, formatTime, zoneCity } from "@/lib/booking-pages/format";
import { zoneNamesFor } from "@/lib/booking-pages/zone-names";
import { loadBaseContext } from "@/lib/context";
import { resolveFormattingLocale, resolvePageLocale } from "@/lib/i18n/page-locale";
import { bookedManageUrl, loadLinkPage, type LinkAction } from "@/lib/waitlist/link-page";
import styles from "@/app/(public)/_flow/flow.module.css";

export const dynamic = "force-dynamic";

// A waitlist link is a credential: keep it out of search engines and referrers.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.waitlist");
  return { title: t("metaTitle"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

type PageProps = { params: Promise<{ token: string }>; searchParams: Promise<{ action?: string | string[] }> };

// GET /waitlist/{token}?action=book|leave – the page a waitlist email's link opens, in the business's
// brand and the customer's language: its one button (posted to ./respond); opening it changes nothing.
// Once the seat is booked the link leads to the booking's manage page.
export default async function WaitlistLinkPage({ params, searchParams }: PageProps) {
  const { token } = await params;
  const action: LinkAction = (await searchParams).action === "leave" ? "leave" : "book";
  const ctx = await loadBaseContext("page");
  const booked = action === "book" ? await bookedManageUrl(ctx, token) : null;
  if (booked) redirect(booked);
  const page = await loadLinkPage(ctx, { token, action });
  if (!page) notFound();
  const t = await getTranslations("email.waitlist");
  const tPage = await getTranslations("manage.waitlist");
  const tWhen = await getTranslations("manage.when");
  const [language, locale] = [await resolvePageLocale(), await resolveFormattingLocale()];
  const zone = page.workspace.timezone;
  const city = zoneCity(zone, zoneNamesFor([zone], language));
  const when = tWhen("at", { date: formatLongDate(page.starts_at, zone, locale), time: formatTime(page.starts_at, zone, locale), city });
  const values = { business: page.workspace.name, service: page.service_name, when };
  const lead = {
    offer: t("offerLead", values),
    leave: t("joinedLead", values),
    no_offer: t("noOfferLead", values),
    left: t("leftLead", values),
    booked: tPage("bookedLead", values),
  }[page.state];
  const hasButton = page.state === "offer" || page.state === "leave";
  return (
    <ManageFrame workspace={page.workspace} labels={{ skipLink: tPage("skipLink"), eyebrow: tPage("eyebrow"), details: tPage("label") }}>
      <div className={styles.panel}>
        <div className={styles.stack}>
          <h2 className={styles.stepHeading}>{page.service_name}</h2>
          <p>{when}</p>
        </div>
        <p>{lead}</p>
        {hasButton ? (
          <form method="post" action={`/waitlist/${encodeURIComponent(token)}/respond`}>
            <input type="hidden" name="action" value={action} />
            {/* A plain form post: it books (or leaves) with no script on the page. */}
            <button type="submit" className={buttonClass({ variant: action === "book" ? "primary" : "secondary" })}>
              {action === "book" ? t("bookLabel") : t("leaveLabel")}
            </button>
          </form>
        ) : null}
      </div>
    </ManageFrame>
  );
}
