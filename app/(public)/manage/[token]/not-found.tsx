import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/booking/not-found-panel";
import { loadRetiredManageLink } from "@/lib/booking-pages/load-manage-page";
import { PAGE_PATH_HEADER, pageScopeOf } from "@/lib/i18n/page-scope";
import { ManageFrame } from "./manage-frame";
import { RetiredLink } from "./retired-link";

/**
 * Every manage link that no longer resolves answers 404, as the API does for its token. A link
 * of a cancelled or lapsed booking still names the business and leads back to its booking page
 * (retired-link.tsx), with nothing of the booking or its customer; a token never issued
 * (mistyped, cut short) gets the one "not found" page. The token comes from the path proxy.ts
 * forwards, since a not-found page receives no params.
 */
export default async function ManageLinkNotFound() {
  const scope = pageScopeOf((await headers()).get(PAGE_PATH_HEADER));
  const retired = scope?.kind === "booking" ? await loadRetiredManageLink(scope.token) : null;
  if (retired) {
    return (
      <ManageFrame workspace={retired.workspace}>
        <RetiredLink retired={retired} />
      </ManageFrame>
    );
  }
  const t = await getTranslations("manage.notFound");
  return <NotFoundPanel title={t("title")} body={t("body")} />;
}
