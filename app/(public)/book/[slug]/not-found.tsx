import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/booking/not-found-panel";

export default async function BookingPageNotFound() {
  const t = await getTranslations("flow.page.notFound");
  return <NotFoundPanel title={t("title")} body={t("body")} />;
}
