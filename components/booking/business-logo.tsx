"use client";

import { useEffect, useRef, useState } from "react";
import type { Brand } from "@/lib/brand/theme-css";
import styles from "./business-header.module.css";

type BusinessLogoProps = {
  /** https only (the API refuses anything else). */
  src: string | null;
  /** Shown where the page is dark; the light logo there when absent. */
  darkSrc: string | null;
  /** The page's theme: auto leaves the choice to the browser, before it paints. */
  theme: Brand["theme"];
  name: string;
};

/**
 * The business's logo, with its name as the alternative text (docs/brand.md#logo). A logo that
 * fails to load is removed rather than shown as a broken image: the business's name is the
 * header's heading right below it, so the header still reads. With theme auto and a dark logo, a
 * <picture> lets the browser pick by the system's scheme, as the page's CSS does.
 */
export function BusinessLogo({ src, darkSrc, theme, name }: BusinessLogoProps) {
  const image = useRef<HTMLImageElement>(null);
  const [isBroken, setIsBroken] = useState(false);
  // An image may fail before hydration, when React's onError is not yet listening: a complete
  // image with no width at mount is a failed one.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setIsBroken(true);
  }, []);
  const light = src ?? darkSrc;
  const dark = darkSrc ?? src;
  if (!light || !dark || isBroken) return null;
  const img = (
    <img
      ref={image}
      className={styles.logo}
      src={theme === "dark" ? dark : light}
      alt={name}
      referrerPolicy="no-referrer"
      decoding="async"
      onError={() => setIsBroken(true)}
    />
  );
  if (theme !== "auto" || dark === light) return img;
  return (
    <picture className={styles.picture}>
      <source media="(prefers-color-scheme: dark)" srcSet={dark} />
      {img}
    </picture>
  );
}
