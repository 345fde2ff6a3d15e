import { getTranslations } from "next-intl/server";
import { BusinessContact } from "@/components/booking/business-contact";
import { Badge } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import type { RetiredManageLink } from "@/lib/customer-links/find-retired-link";
import styles from "@/app/(public)/_flow/flow.module.css";

/**
 * A manage link that no longer works, for a booking we can still place: it says why (cancelled,
 * or the link lapsed after the appointment) and leads back to the business's booking page
 * instead of a bare "not found". Nothing of the booking or its customer: the link is dead.
 */
export async function RetiredLink({ retired }: { retired: RetiredManageLink }) {
  const { workspace } = retired;
  const t = await getTranslations("manage.retired");
  const isCancelled = retired.reason === "cancelled";
  return (
    <div className={styles.panel}>
      <div className={styles.stack}>
        <Badge tone={isCancelled ? "danger" : "neutral"}>{isCancelled ? t("cancelledBadge") : t("expiredBadge")}</Badge>
        <h2 className={styles.stepHeading}>{isCancelled ? t("cancelledTitle") : t("expiredTitle")}</h2>
      </div>
      <p>{t(isCancelled ? "cancelledBody" : "expiredBody")}</p>
      {retired.is_booking_page_open ? (
        <>
          <p>{t("comeAgain", { business: workspace.name })}</p>
          <div>
            <LinkButton href={`/book/${encodeURIComponent(workspace.slug)}`} variant="primary">
              {t("bookAgainWith", { business: workspace.name })}
            </LinkButton>
          </div>
        </>
      ) : (
        <p>{t("notTaking", { business: workspace.name })}</p>
      )}
      <BusinessContact workspace={workspace} showPolicy={false} headingLevel={3} />
    </div>
  );
}
