"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { BookingFlow } from "@/app/(public)/_flow/booking-flow";
import type { FlowEvent, FlowProps } from "@/app/(public)/_flow/flow-types";
import { BusinessHeader } from "@/components/booking/business-header";
import { LanguageSwitcher } from "@/components/ui/language-switcher";
import type { Brand } from "@/lib/brand/theme-css";
import { frameEnvelope, isHostMessage, resolveParentOrigin, type FrameMessage } from "@/lib/booking-pages/embed-protocol";
import styles from "./embed.module.css";

type EmbedFrameProps = Omit<FlowProps, "embedded" | "onEvent"> & {
  allowedOrigins: string[];
  mode: "inline" | "popup";
  /** The frame's theme (the embed's data-theme, else the workspace's): it picks the logo. */
  theme: Brand["theme"];
};

/**
 * The booking flow inside the business's page. Talks to exactly one parent origin (validated
 * against frame-ancestors and location.ancestorOrigins), accepts messages only from that
 * origin and the parent window, reports its height, and in a popup turns Esc into "close"
 * (key presses inside a frame never reach the host page).
 */
export function EmbedFrame({ allowedOrigins, mode, theme, ...flow }: EmbedFrameProps) {
  const root = useRef<HTMLDivElement>(null);
  const t = useTranslations("embed");
  const tUi = useTranslations("ui.languageSwitcher");
  const [parentOrigin, setParentOrigin] = useState<string | null>(null);

  useEffect(() => {
    if (window.parent === window) return;
    const ancestors = window.location.ancestorOrigins ? Array.from(window.location.ancestorOrigins) : null;
    setParentOrigin(
      resolveParentOrigin({ originParam: new URLSearchParams(window.location.search).get("origin"), ancestorOrigins: ancestors, allowedOrigins }),
    );
  }, [allowedOrigins]);

  const post = useCallback(
    (message: FrameMessage) => {
      if (parentOrigin) window.parent.postMessage(frameEnvelope(message), parentOrigin);
    },
    [parentOrigin],
  );

  useEffect(() => {
    if (!parentOrigin || !root.current) return;
    post({ type: "ready" });
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(root.current?.getBoundingClientRect().height ?? 0);
      if (height !== last) {
        last = height;
        post({ type: "resize", data: { height } });
      }
    });
    observer.observe(root.current);
    return () => observer.disconnect();
  }, [parentOrigin, post]);

  useEffect(() => {
    if (!parentOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== parentOrigin || event.source !== window.parent || !isHostMessage(event.data)) return;
      if (event.data.type !== "focus") return;
      const heading = root.current?.querySelector<HTMLElement>("h1");
      heading?.setAttribute("tabindex", "-1");
      heading?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      // An open dialog inside the frame handles its own Esc.
      if (mode !== "popup" || event.key !== "Escape" || event.defaultPrevented || document.querySelector("dialog[open]")) return;
      post({ type: "close" });
    };
    window.addEventListener("message", onMessage);
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("keydown", onKey);
    };
  }, [parentOrigin, post, mode]);

  const onEvent = useCallback((event: FlowEvent) => post(event), [post]);

  return (
    <div ref={root} className={`${styles.frame} ${mode === "popup" ? styles.popup : ""}`}>
      {/* Named landmarks: the host page has its own banner and main, and axe (like screen
          readers) sees the frame's landmarks alongside them. */}
      {/* Inside the measured root: the frame's height includes the language choice. */}
      <section className={styles.language} aria-label={tUi("label")}>
        <LanguageSwitcher />
      </section>
      <BusinessHeader info={flow.bootstrap.workspace} compact eyebrow={t("eyebrow")} label={t("headerLabel")} theme={theme} />
      <main className={styles.main} aria-label={t("mainLabel")}>
        <BookingFlow {...flow} embedded onEvent={onEvent} />
      </main>
    </div>
  );
}
