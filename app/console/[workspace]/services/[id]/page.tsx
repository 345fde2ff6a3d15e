import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { listCategories } from "@/lib/categories/list-categories";
import { DomainError } from "@/lib/errors";
import { listQuestions } from "@/lib/questions/list-questions";
import { getService } from "@/lib/services/get-service";
import { toServiceListItem } from "@/lib/services/serialize";
import { listStaff } from "@/lib/staff/list-staff";
import { requireConsole } from "../../../_session";
import { SetupMessages } from "../../../_setup/setup-messages";
import styles from "../../../_setup/setup.module.css";
import { QuestionsEditor } from "../questions";
import { ServiceForm } from "../service-form";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string; id: string }>; searchParams: Promise<{ created?: string }> };

// GET /console/{workspace}/services/{id} – a service's fields, calendars, category, active, and the questions it asks.
export default async function ServicePage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId, id } = await params;
  const { created } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const t = await getTranslations("console.services");
  const found = await getService({ ctx, id }).catch((error: unknown) => {
    if (error instanceof DomainError && error.type === "not_found") notFound();
    throw error;
  });
  const service = toServiceListItem(found.row, found.staffIds);
  const [calendars, categories, questions] = await Promise.all([
    listStaff({ ctx, page: { limit: 200 } }),
    listCategories({ ctx }),
    listQuestions({ ctx, serviceId: id }),
  ]);
  return (
    <SetupMessages>
      <p>
        <Link href={`/console/${workspaceId}/services`}>{t("back")}</Link>
      </p>
      <h1>{service.name}</h1>
      {created ? (
        <p className={styles.saved} role="status">
          {t("created")}
        </p>
      ) : null}
      <ServiceForm
        key={service.id}
        workspace={workspaceId}
        service={service}
        calendars={calendars.data.map(({ id: calendarId, name, active }) => ({ id: calendarId, name, active }))}
        categories={categories.map(({ id: categoryId, name }) => ({ id: categoryId, name }))}
        currency={access.workspace.currency}
      />
      <section aria-labelledby="questions-heading" className={styles.panel}>
        <h2 id="questions-heading">{t("questions.heading")}</h2>
        <QuestionsEditor
          workspace={workspaceId}
          service={service.id}
          questions={questions.map((question) => ({
            id: question.id,
            label: question.label,
            type: question.type,
            required: question.required,
            options: question.options,
            everyService: question.appliesTo === "all_services",
          }))}
        />
      </section>
    </SetupMessages>
  );
}
