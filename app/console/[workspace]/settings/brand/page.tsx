import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireConsole } from "../../../_session";
import { BRAND_FIELDS } from "../_fields";
import { WorkspaceSettingsForm } from "../_form";
import { names, refusalFrom, type PageSearch } from "../_ui";
import { BrandColorField } from "./_preview";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: PageSearch };

/** Brand (docs/brand.md): colour with a live preview in light and dark, logos and theme. */
export default async function BrandPage({ params, searchParams }: PageProps) {
  const { workspace } = await params;
  const query = await searchParams;
  const { access } = await requireConsole(workspace);
  const t = await getTranslations("console.settings");
  const refusal = refusalFrom(query);
  return (
    <>
      <WorkspaceSettingsForm
        access={access}
        section="brand"
        fields={BRAND_FIELDS}
        refusal={refusal}
        saved={query.saved === "1"}
        skip={["brand_color"]}
        before={
          <BrandColorField
            initial={refusal?.param === "brand_color" && refusal.value !== undefined ? refusal.value : access.workspace.brandColor}
            error={names(refusal, "brand_color") && refusal ? { message: refusal.message, detail: refusal.detail } : undefined}
            texts={{
              label: t("fields.brand_color"),
              picker: t("brand.picker"),
              hint: t("hints.brand_color"),
              previewHeading: t("brand.preview"),
              schemes: { light: t("brand.light"), dark: t("brand.dark") },
              sample: {
                business: access.workspace.name,
                heading: t("brand.sample.heading"),
                service: t("brand.sample.service"),
                time: t("brand.sample.time"),
                link: t("brand.sample.link"),
              },
              guarantee: t("brand.guarantee"),
              linkContrast: t("brand.linkContrast", { ratio: "{ratio}", minimum: "{minimum}" }),
              buttonContrast: t("brand.buttonContrast", { ratio: "{ratio}", minimum: "{minimum}" }),
              ringContrast: t("brand.ringContrast", { ratio: "{ratio}", minimum: "{minimum}" }),
            }}
          />
        }
      />
      <p>
        <Link href={`/book/${access.workspace.slug}`}>{t("brand.open")}</Link>
      </p>
    </>
  );
}
