import { useTranslations } from "next-intl";
import type { SummaryRow } from "@/lib/booking-pages/summary";
import { BookingDetails } from "./booking-details";
import styles from "./booking-summary.module.css";

/** The booking at a glance on the details, code, pay and confirmation steps. */
export function BookingSummary({ rows, title }: { rows: SummaryRow[]; title?: string }) {
  const t = useTranslations("flow.summary");
  const heading = title ?? t("title");
  return (
    <section className={styles.summary} aria-label={heading}>
      <h3 className={styles.title}>{heading}</h3>
      <BookingDetails rows={rows} />
    </section>
  );
}
