import { useTranslations } from "next-intl";
import { forwardRef, type ReactNode } from "react";
import { LinkButton } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { BookingDetails, type DetailRow } from "./booking-details";
import styles from "./confirmation.module.css";

type ConfirmationProps = {
  title: string;
  rows: DetailRow[];
  confirmationNote: string | null;
  businessName: string;
  icsHref: string;
  icsFileName: string;
  googleHref: string;
  manageHref: string;
  /** In the embed the manage page opens in a new tab, outside the business's site. */
  openManageInNewTab?: boolean;
  /** How to reach the business (its phone, email, address and policy). */
  contact?: ReactNode;
  /** Under the title instead of "A confirmation is on its way" (a series says how many were made). */
  lead?: string;
};

export const Confirmation = forwardRef<HTMLHeadingElement, ConfirmationProps>(function Confirmation(props, ref) {
  const t = useTranslations("flow.done");
  const tFlow = useTranslations("flow");
  const { title, rows, confirmationNote, businessName, icsHref, icsFileName, googleHref, manageHref, openManageInNewTab, contact } = props;
  return (
    <div className={styles.confirmation}>
      <div className={styles.hero}>
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
        <h2 ref={ref} tabIndex={-1} className={styles.title}>
          {title}
        </h2>
        <p>{props.lead ?? t("inbox")}</p>
      </div>
      <BookingDetails rows={rows} />
      {confirmationNote && (
        <Notice tone="info" title={t("noteFrom", { business: businessName })}>
          <p className={styles.note} dir="auto">
            {confirmationNote}
          </p>
        </Notice>
      )}
      {contact}
      <div className={styles.actions}>
        <LinkButton href={icsHref} download={icsFileName}>
          {t("ics")}
        </LinkButton>
        <LinkButton href={googleHref} target="_blank" rel="noopener noreferrer">
          {t("google")}
          <span className="visually-hidden"> {tFlow("newTab")}</span>
        </LinkButton>
        <LinkButton href={manageHref} variant="ghost" target={openManageInNewTab ? "_blank" : undefined} rel={openManageInNewTab ? "noopener" : undefined}>
          {t("manage")}
          {openManageInNewTab && <span className="visually-hidden"> {tFlow("newTab")}</span>}
        </LinkButton>
      </div>
    </div>
  );
});
