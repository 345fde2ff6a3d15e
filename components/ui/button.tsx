import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

type Look = { variant?: ButtonVariant; size?: "normal" | "small"; block?: boolean };

export function buttonClass({ variant = "primary", size = "normal", block = false }: Look, extra?: string): string {
  return [styles.button, styles[variant], size === "small" && styles.small, block && styles.block, extra].filter(Boolean).join(" ");
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & Look & { busy?: boolean; children: ReactNode };

/**
 * A real <button>. While `busy` it stays focusable but refuses clicks (aria-disabled), so
 * keyboard users do not lose their place when a request starts.
 */
export function Button({ variant, size, block, busy = false, className, children, onClick, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size, block }, className)}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

type LinkButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & Look & { children: ReactNode };

/** A link that looks like a button (navigation, downloads, external calendars). */
export function LinkButton({ variant = "secondary", size, block, className, children, ...rest }: LinkButtonProps) {
  return (
    <a {...rest} className={buttonClass({ variant, size, block }, className)}>
      {children}
    </a>
  );
}
