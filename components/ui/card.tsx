import type { HTMLAttributes, ReactNode } from "react";
import styles from "./card.module.css";

type CardProps = HTMLAttributes<HTMLElement> & { as?: "section" | "div" | "article" | "aside"; padded?: boolean; children: ReactNode };

/** The one surface style: white, hairline border, large radius. */
export function Card({ as: Tag = "div", padded = true, className, children, ...rest }: CardProps) {
  return (
    <Tag {...rest} className={[styles.card, padded && styles.padded, className].filter(Boolean).join(" ")}>
      {children}
    </Tag>
  );
}

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info";

export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>;
}
