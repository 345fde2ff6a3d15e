"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";
import styles from "./dialog.module.css";

type DialogProps = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
};

/**
 * A modal built on the native <dialog> element: showModal() makes the rest of the page
 * inert (the focus trap), Esc fires `cancel` (closes), and on close focus goes back to the
 * element that had it when the dialog opened.
 */
export function Dialog({ open, title, onClose, children, actions }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restoreFocus = () => {
      const target = opener.current;
      opener.current = null;
      // Only when focus would otherwise be lost: a page that moved focus on purpose after the
      // dialog closed (e.g. to the heading of what changed) keeps it. The close event comes
      // a task later than that move can.
      const active = document.activeElement;
      if (active && active !== document.body && !dialog.contains(active)) return;
      if (target?.isConnected) target.focus();
    };
    dialog.addEventListener("close", restoreFocus);
    return () => dialog.removeEventListener("close", restoreFocus);
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
    </dialog>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Closes the dialog with nothing done: the first button, and Escape. */
  onClose: () => void;
  keepLabel: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  busy?: boolean;
  /** "danger" for what cannot be undone (a cancellation). */
  variant?: "primary" | "danger";
  children: ReactNode;
};

/** A question before an action: "keep" (nothing happens) beside the action itself. */
export function ConfirmDialog({ open, title, onClose, keepLabel, confirmLabel, onConfirm, busy = false, variant = "primary", children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {keepLabel}
          </Button>
          <Button variant={variant} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
