"use client";

import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import styles from "./toast.module.css";

type Toast = { id: number; text: string; tone: "info" | "success" | "error" };
type Announce = (text: string, options?: { toast?: boolean; tone?: Toast["tone"] }) => void;

const AnnounceContext = createContext<Announce>(() => {});

const TOAST_MS = 5000;

/**
 * One polite live region for the whole page (changes such as "12 times available" or
 * "Month: March 2026" are spoken without moving focus) plus short visual toasts.
 * Toasts are also announced through the same region, never twice.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const [toasts, setToasts] = useState<Toast[]>([]);
  const counter = useRef(0);

  const announce = useCallback<Announce>((text, options) => {
    // Clearing first makes a repeated identical message be spoken again.
    setMessage("");
    window.setTimeout(() => setMessage(text), 50);
    if (!options?.toast) return;
    const id = ++counter.current;
    setToasts((current) => [...current.slice(-2), { id, text, tone: options.tone ?? "info" }]);
    window.setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_MS);
  }, []);

  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="live-region">
        {message}
      </div>
      <div className={styles.stack} aria-hidden="true">
        {toasts.map((toast) => (
          <div key={toast.id} className={`${styles.toast} ${styles[toast.tone]}`}>
            {toast.text}
          </div>
        ))}
      </div>
    </AnnounceContext.Provider>
  );
}

export function useAnnounce(): Announce {
  return useContext(AnnounceContext);
}
