import { paletteFor } from "@/lib/brand/palette";
import type { WorkspaceRow } from "@/lib/db/schema";
import { escapeHtml } from "./format";

/**
 * The business's look in its emails (docs/brand.md): its logo above the title, a band in its
 * colour and its links in the colour's readable shade. Mail clients ignore prefers-color-scheme
 * unevenly, so emails use the light scheme's tokens: text on white at 4.5:1 or more.
 */
export type EmailBrand = { name: string; logoUrl: string | null; band: string; link: string; text: string; background: string };

export function emailBrandOf(workspace: Pick<WorkspaceRow, "name" | "brandColor" | "logoUrl">): EmailBrand {
  const palette = paletteFor(workspace.brandColor, "light");
  return {
    name: workspace.name,
    logoUrl: workspace.logoUrl?.startsWith("https://") ? workspace.logoUrl : null,
    band: palette["primary-fill"],
    link: palette.primary,
    text: palette.text,
    background: palette.surface,
  };
}

/** The logo, sized for a narrow mail pane whatever its proportions, with the business's name as its alternative text. */
export function logoHtml(brand: EmailBrand): string {
  if (!brand.logoUrl) return "";
  return (
    `<p style="margin:0 0 16px"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" ` +
    `style="display:block;max-height:48px;max-width:200px;width:auto;height:auto;border:0"></p>`
  );
}

/** Links in the brand's readable shade (a head style: the clients that matter read it). */
export function linkStyle(brand: EmailBrand): string {
  return `<style>a{color:${brand.link}}</style>`;
}
