import { forwardRef } from "react";
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
};

export const Confirmation = forwardRef<HTMLHeadingElement, ConfirmationProps>(function Confirmation(props, ref) {
  const { title, rows, confirmationNote, businessName, icsHref, icsFileName, googleHref, manageHref, openManageInNewTab } = props;
  return (
    <div className={styles.confirmation}>
      <div className={styles.hero}>
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
        <h2 ref={ref} tabIndex={-1} className={styles.title}>
          {title}
        </h2>
        <p>A confirmation is on its way to your inbox.</p>
      </div>
      <BookingDetails rows={rows} />
      {confirmationNote && (
        <Notice tone="info" title={`A note from ${businessName}`}>
          <p className={styles.note}>{confirmationNote}</p>
        </Notice>
      )}
      <div className={styles.actions}>
        <LinkButton href={icsHref} download={icsFileName}>
          Add to calendar (.ics)
        </LinkButton>
        <LinkButton href={googleHref} target="_blank" rel="noopener noreferrer">
          Add to Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
        </LinkButton>
        <LinkButton href={manageHref} variant="ghost" target={openManageInNewTab ? "_blank" : undefined} rel={openManageInNewTab ? "noopener" : undefined}>
          Change or cancel this booking
          {openManageInNewTab && <span className="visually-hidden"> (opens in a new tab)</span>}
        </LinkButton>
      </div>
    </div>
  );
});
