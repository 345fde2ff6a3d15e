"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { LinkButton } from "@/components/ui/button";
import { frameEnvelope } from "@/lib/booking-pages/embed-protocol";
import styles from "./embed.module.css";

type EmbedRefusedProps = { businessName: string; bookingUrl: string; parentOrigin: string };

/**
 * What a site not on the key's allowed_origins gets in the frame: a message and a link to the
 * booking page (never the flow), and `error` to the parent so embed.js swaps in its own plain
 * link and tells the host page. The message goes only to the origin the frame was served for,
 * and only when the browser confirms that is the real parent.
 */
export function EmbedRefused({ businessName, bookingUrl, parentOrigin }: EmbedRefusedProps) {
  const t = useTranslations("embed");
  useEffect(() => {
    if (window.parent === window) return;
    const ancestors = window.location.ancestorOrigins ? Array.from(window.location.ancestorOrigins) : null;
    if (ancestors && ancestors.length > 0 && ancestors[0] !== parentOrigin) return;
    window.parent.postMessage(frameEnvelope({ type: "error", data: { reason: "origin_not_allowed" } }), parentOrigin);
  }, [parentOrigin]);

  return (
    <main className={`${styles.frame} ${styles.refused}`} aria-label={t("mainLabel")}>
      <h1 className={styles.refusedTitle}>{t("refused.title")}</h1>
      <p>{t("refused.body", { business: businessName })}</p>
      <div>
        <LinkButton href={bookingUrl} target="_blank" rel="noopener" variant="primary">
          {t("refused.open")}
          <span className="visually-hidden"> {t("refused.newTab")}</span>
        </LinkButton>
      </div>
    </main>
  );
}
