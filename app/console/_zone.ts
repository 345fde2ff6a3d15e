import { getTranslations } from "next-intl/server";
import { zoneNamesFor } from "@/lib/booking-pages/zone-names";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";

/** A workspace's zone as the console says it in the member's language ("New York time"), the id kept for the title attribute. */
export async function zoneName(zone: string): Promise<string> {
  const [t, locale] = await Promise.all([getTranslations("console.shell"), resolveFormattingLocale()]);
  return t("zone", { name: zoneNamesFor([zone], locale)[zone] ?? zone });
}
