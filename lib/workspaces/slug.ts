import { randomBase62 } from "@/lib/secrets/tokens";

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** A URL-safe slug from a business name: "Café Zoë & Co" → "cafe-zoe-co". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  return slug || "workspace";
}

export function withRandomSuffix(slug: string): string {
  return `${slug.slice(0, 57)}-${randomBase62(6).toLowerCase()}`;
}
