import { seal, unseal } from "@/lib/secrets/seal";

/** What a source needs to be read; kept sealed at rest and never answered or logged. */
export type SourceCredentials = { url: string; username?: string; password?: string };

export function sealCredentials(credentials: SourceCredentials): string {
  return seal(JSON.stringify(credentials));
}

export function unsealCredentials(sealed: string): SourceCredentials {
  return JSON.parse(unseal(sealed)) as SourceCredentials;
}

/** webcal:// (as Google, Apple and Outlook offer their addresses) is https; webcal-over-http is not a thing worth keeping. */
export function normalizeSourceUrl(raw: string): string {
  return raw.trim().replace(/^webcals?:\/\//i, "https://");
}

/**
 * What the API shows of a secret address: scheme, host and the path's last 4 characters
 * (`https://calendar.google.com/…c.ics`), enough to tell two sources apart.
 */
export function displayUrlOf(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname;
    return `${parsed.protocol}//${parsed.host}/${path.length > 5 ? "…" : ""}${path.slice(-4).replace(/^\//, "")}`;
  } catch {
    return "";
  }
}
