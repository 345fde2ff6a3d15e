import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/booking/not-found-panel";

/**
 * A token never issued (mistyped, cut short) lands here, and so do links cancelled before the
 * page could recognise them; cancelled and lapsed links otherwise name their business
 * (retired-link.tsx).
 */
export default async function ManageLinkNotFound() {
  const t = await getTranslations("manage.notFound");
  return <NotFoundPanel title={t("title")} body={t("body")} />;
}
