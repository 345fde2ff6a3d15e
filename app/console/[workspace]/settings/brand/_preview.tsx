"use client";

import { useState } from "react";
import { contrast, DEFAULT_BRAND_COLOR, paletteFor, TEXT_CONTRAST, NON_TEXT_CONTRAST, type Scheme } from "@/lib/brand/palette";
import local from "../settings.module.css";
import styles from "../../../console.module.css";
import { RefusalText } from "../../../_refusal-text";

type Texts = {
  label: string;
  picker: string;
  hint: string;
  previewHeading: string;
  schemes: Record<Scheme, string>;
  sample: { business: string; heading: string; service: string; time: string; link: string };
  guarantee: string;
  linkContrast: string;
  buttonContrast: string;
  ringContrast: string;
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The brand colour with a live preview of the booking page in both schemes, drawn with the
 * very palette the pages use (lib/brand/palette.ts), and the contrast each role reaches
 * there: the guarantee of docs/brand.md made visible.
 */
export function BrandColorField({ initial, texts, error }: { initial: string | null; texts: Texts; error?: { message: string; detail?: string } }) {
  const [value, setValue] = useState(initial ?? "");
  const fallback = initial && HEX.test(initial) ? initial.toLowerCase() : DEFAULT_BRAND_COLOR;
  const shown = HEX.test(value) ? value.toLowerCase() : fallback;
  const ratio = (n: number) => `${n.toFixed(1)}:1`;
  return (
    <>
      <div className={styles.field}>
        <label htmlFor="f-brand_color">{texts.label}</label>
        <div className={local.row}>
          <input
            id="f-brand_color"
            name="brand_color"
            type="text"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder={DEFAULT_BRAND_COLOR}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "f-brand_color-hint f-brand_color-error" : "f-brand_color-hint"}
          />
          <input type="color" aria-label={texts.picker} value={shown} onChange={(event) => setValue(event.target.value)} />
        </div>
        <p id="f-brand_color-hint" className={local.hint}>
          {texts.hint}
        </p>
        {error ? (
          <p id="f-brand_color-error" className={styles.error}>
            <RefusalText message={error.message} detail={error.detail} />
          </p>
        ) : null}
      </div>
      <h3>{texts.previewHeading}</h3>
      <div className={local.previews}>
        {(["light", "dark"] as const).map((scheme) => {
          const palette = paletteFor(shown, scheme);
          const link = Math.min(contrast(palette.primary, palette.bg), contrast(palette.primary, palette.surface));
          const button = contrast(palette["primary-text"], palette["primary-fill"]);
          const ring = Math.min(contrast(palette.focus, palette.bg), contrast(palette.focus, palette.surface));
          return (
            <figure
              key={scheme}
              data-scheme={scheme}
              data-testid={`brand-preview-${scheme}`}
              style={{ margin: 0, background: palette.bg, color: palette.text, border: `1px solid ${palette.border}`, borderRadius: 8, padding: "1rem" }}
            >
              <figcaption style={{ fontWeight: 700, marginBottom: "0.5rem" }}>{texts.schemes[scheme]}</figcaption>
              <div style={{ background: palette.surface, border: `1px solid ${palette.border}`, borderRadius: 8, padding: "0.75rem" }}>
                <p style={{ margin: "0 0 0.25rem", color: palette["text-muted"] }}>{texts.sample.business}</p>
                <p style={{ margin: "0 0 0.5rem", fontWeight: 700, fontSize: "1.1rem" }}>{texts.sample.heading}</p>
                <p style={{ margin: "0 0 0.5rem" }}>{texts.sample.service}</p>
                <span
                  data-testid={`brand-preview-${scheme}-button`}
                  style={{
                    display: "inline-block",
                    background: palette["primary-fill"],
                    color: palette["primary-text"],
                    border: `2px solid ${palette["primary-fill-border"]}`,
                    borderRadius: 6,
                    padding: "0.4rem 0.9rem",
                  }}
                >
                  {texts.sample.time}
                </span>{" "}
                <span style={{ color: palette.primary, textDecoration: "underline" }}>{texts.sample.link}</span>
              </div>
              <ul style={{ margin: "0.75rem 0 0", paddingInlineStart: "1.1rem" }}>
                <li>{texts.linkContrast.replace("{ratio}", ratio(link)).replace("{minimum}", `${TEXT_CONTRAST}:1`)}</li>
                <li>{texts.buttonContrast.replace("{ratio}", ratio(button)).replace("{minimum}", `${TEXT_CONTRAST}:1`)}</li>
                <li>{texts.ringContrast.replace("{ratio}", ratio(ring)).replace("{minimum}", `${NON_TEXT_CONTRAST}:1`)}</li>
              </ul>
            </figure>
          );
        })}
      </div>
      <p className={local.hint}>{texts.guarantee}</p>
    </>
  );
}
