import type { ReactNode } from "react";
import styles from "./confirmation.module.css";

export type DetailRow = { label: string; value: ReactNode };

/** A definition list of what was booked; shared by the confirmation and the manage page. */
export function BookingDetails({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className={styles.details}>
      {rows.map((row) => (
        <div key={row.label} style={{ display: "contents" }}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
