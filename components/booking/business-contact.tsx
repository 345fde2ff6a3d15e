import { displayPhone } from "@/lib/booking-pages/format";
import { useTranslations } from "next-intl";
import type { PublicWorkspace } from "@/lib/public/schemas";
import { safeHref } from "./business-header";
import styles from "./business-contact.module.css";

/** What the contact block reads of the public workspace (the bootstrap's, or the manage read's). */
export type BusinessContactInfo = Pick<PublicWorkspace, "name" | "contact_phone" | "contact_email" | "address" | "maps_url" | "booking_policy">;

type BusinessContactProps = {
  workspace: BusinessContactInfo;
  /** The policy is shown unless a page already shows it elsewhere. */
  showPolicy?: boolean;
  headingLevel?: 2 | 3;
  title?: string;
};

/** An OpenStreetMap search for the address: a plain link, no embedded map and no third-party script. */
export function mapSearchHref(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

export function hasBusinessContact(workspace: BusinessContactInfo, showPolicy = true): boolean {
  return Boolean(workspace.contact_phone || workspace.contact_email || workspace.address || (showPolicy && workspace.booking_policy));
}

/**
 * How to reach the business and on what terms: phone (tel:), email (mailto:), address with a map
 * link, and its booking policy. Business-written text is rendered as text, never markup.
 */
export function BusinessContact({ workspace, showPolicy = true, headingLevel = 2, title }: BusinessContactProps) {
  const t = useTranslations("flow.contact");
  if (!hasBusinessContact(workspace, showPolicy)) return null;
  const heading = title ?? t("title", { business: workspace.name });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const SubHeading = headingLevel === 2 ? "h3" : "h4";
  const mapHref = workspace.address ? (safeHref(workspace.maps_url) ?? mapSearchHref(workspace.address)) : null;
  const hasContact = Boolean(workspace.contact_phone || workspace.contact_email || workspace.address);
  return (
    <section className={styles.contact} aria-label={heading}>
      {hasContact && (
        <>
          <Heading className={styles.heading}>{heading}</Heading>
          <ul className={styles.list}>
            {workspace.contact_phone && (
              <li>
                <span className={styles.label}>{t("phone")}</span>
                <a href={`tel:${workspace.contact_phone}`} dir="ltr">
                  {displayPhone(workspace.contact_phone)}
                </a>
              </li>
            )}
            {workspace.contact_email && (
              <li>
                <span className={styles.label}>{t("email")}</span>
                <a href={`mailto:${workspace.contact_email}`} className={styles.wrap}>
                  {workspace.contact_email}
                </a>
              </li>
            )}
            {workspace.address && (
              <li>
                <span className={styles.label}>{t("address")}</span>
                <span className={styles.address}>
                  <span className={styles.wrap} dir="auto">
                    {workspace.address}
                  </span>
                  {mapHref && (
                    <a href={mapHref} target="_blank" rel="noopener noreferrer">
                      {t("openMap")}
                      <span className="visually-hidden"> {t("openMapHidden", { address: workspace.address })}</span>
                    </a>
                  )}
                </span>
              </li>
            )}
          </ul>
        </>
      )}
      {showPolicy && workspace.booking_policy && (
        <div className={styles.policy}>
          <SubHeading className={styles.policyHeading}>{t("policy")}</SubHeading>
          <p className={styles.policyText} dir="auto">
            {workspace.booking_policy}
          </p>
        </div>
      )}
    </section>
  );
}
