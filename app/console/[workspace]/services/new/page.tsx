import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { listCategories } from "@/lib/categories/list-categories";
import { listStaff } from "@/lib/staff/list-staff";
import { requireConsole } from "../../../_session";
import { SetupMessages } from "../../../_setup/setup-messages";
import { ServiceForm } from "../service-form";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string }> };

// GET /console/{workspace}/services/new – a new service with every field of the API.
export default async function NewServicePage({ params }: PageProps) {
  const { workspace: workspaceId } = await params;
  const { ctx, access } = await requireConsole(workspaceId);
  const t = await getTranslations("console.services");
  const [calendars, categories] = await Promise.all([listStaff({ ctx, page: { limit: 200 } }), listCategories({ ctx })]);
  return (
    <SetupMessages>
      <p>
        <Link href={`/console/${workspaceId}/services`}>{t("back")}</Link>
      </p>
      <h1>{t("newTitle")}</h1>
      <ServiceForm
        workspace={workspaceId}
        service={null}
        calendars={calendars.data.map(({ id, name, active }) => ({ id, name, active }))}
        categories={categories.map(({ id, name }) => ({ id, name }))}
        currency={access.workspace.currency}
      />
    </SetupMessages>
  );
}
