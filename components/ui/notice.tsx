import { forwardRef, type ReactNode } from "react";
import styles from "./notice.module.css";

export type NoticeTone = "info" | "success" | "warning" | "error";

type NoticeProps = {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** "alert" interrupts (errors the customer must act on); "status" is announced politely. */
  role?: "alert" | "status";
  id?: string;
};

/** An inline message box. Focusable (tabIndex -1) so a flow can move focus to it. */
export const Notice = forwardRef<HTMLDivElement, NoticeProps>(function Notice({ tone = "info", title, children, actions, role, id }, ref) {
  return (
    <div ref={ref} id={id} role={role} tabIndex={-1} className={`${styles.notice} ${styles[tone]}`}>
      {title && <p className={styles.title}>{title}</p>}
      {children && <div>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
});
