import { useTranslations } from "next-intl";
import type { Brand } from "@/lib/brand/theme-css";
import { BusinessLogo } from "./business-logo";
import styles from "./business-header.module.css";

export type BusinessInfo = {
  name: string;
  blurb: string | null;
  website_url: string | null;
  instagram_url: string | null;
  maps_url: string | null;
  terms_url: string | null;
  /** https only (the API refuses anything else); shown with the business's name as its alternative text. */
  logo_url?: string | null;
  /** Shown instead of logo_url where the page is dark. */
  logo_dark_url?: string | null;
};

/** Only http(s) links are rendered; business-supplied text is always text, never markup. */
export function safeHref(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

type LinkKey = "website" | "instagram" | "directions" | "terms";
const ENGLISH_LINKS: Record<LinkKey, string> = { website: "Website", instagram: "Instagram", directions: "Directions", terms: "Terms" };

/** The business's links; `t` is the page's `flow.header` translator (English when omitted). */
export function businessLinks(info: BusinessInfo, t: (key: LinkKey) => string = (key) => ENGLISH_LINKS[key]): { label: string; href: string }[] {
  const links = [
    { label: t("website"), href: safeHref(info.website_url) },
    { label: t("instagram"), href: safeHref(info.instagram_url) },
    { label: t("directions"), href: safeHref(info.maps_url) },
    { label: t("terms"), href: safeHref(info.terms_url) },
  ];
  return links.filter((link): link is { label: string; href: string } => link.href !== null);
}

type BusinessHeaderProps = {
  info: BusinessInfo;
  eyebrow?: string;
  compact?: boolean;
  headingLevel?: 1 | 2;
  /** An accessible name for the banner, where the page may sit inside another site's (the embed). */
  label?: string;
  /** The page's theme, which picks the logo (the embed's data-theme may override the workspace's). */
  theme?: Brand["theme"];
};

export function BusinessHeader({ info, eyebrow, compact = false, headingLevel = 1, label, theme = "auto" }: BusinessHeaderProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const t = useTranslations("flow.header");
  const tFlow = useTranslations("flow");
  const links = businessLinks(info, t);
  return (
    <header className={`${styles.header} ${compact ? styles.compact : ""}`} aria-label={label}>
      {/* The business's own image from its own server: next/image would proxy it through ours. */}
      <BusinessLogo src={safeHref(info.logo_url ?? null)} darkSrc={safeHref(info.logo_dark_url ?? null)} theme={theme} name={info.name} />
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      {/* Focusable by script only: the embed moves focus here when its popup opens. */}
      <Heading className={styles.name} tabIndex={-1}>
        {info.name}
      </Heading>
      {info.blurb && !compact && (
        <p className={styles.blurb} dir="auto">
          {info.blurb}
        </p>
      )}
      {links.length > 0 && (
        <ul className={styles.links} aria-label={t("about", { business: info.name })}>
          {links.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
                <span className="visually-hidden"> {tFlow("newTab")}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
