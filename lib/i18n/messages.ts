import ar from "./messages/ar.json";
import de from "./messages/de.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import pt from "./messages/pt.json";
import type { Locale } from "./locales";

/** The English file is the reference shape; `npm run check:messages` keeps the others equal to it. */
export type Messages = typeof en;

export const MESSAGES: Record<Locale, Messages> = { en, es, fr, de, pt, ar };

/**
 * What the browser needs: the page namespaces. Email and SMS texts stay on the server.
 */
export const CLIENT_NAMESPACES = ["ui", "booking", "wording", "flow", "manage", "embed", "errors", "statuses"] as const;

export function clientMessages(locale: Locale): Partial<Messages> {
  const all = MESSAGES[locale] as Record<string, unknown>;
  return Object.fromEntries(CLIENT_NAMESPACES.filter((name) => name in all).map((name) => [name, all[name]])) as Partial<Messages>;
}
