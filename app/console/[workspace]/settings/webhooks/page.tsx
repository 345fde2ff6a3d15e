import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { listEndpoints } from "@/lib/webhooks/manage-endpoints";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { requireConsole } from "../../../_session";
import { OwnerOnly } from "../_owner-only";
import { isOwner } from "../_roles";
import { formatWhen } from "../_when";
import { CreateEndpointForm } from "./_forms";
import local from "../settings.module.css";

type PageProps = { params: Promise<{ workspace: string }> };

/** Webhooks (owners only): the endpoints, each opening its events, secret and delivery log; "Add endpoint". */
export default async function WebhooksPage({ params }: PageProps) {
  const { workspace } = await params;
  const { access, ctx } = await requireConsole(workspace);
  if (!isOwner(access)) return <OwnerOnly />;
  const t = await getTranslations("console.settings");
  const { data: endpoints } = await listEndpoints({ ctx, page: { limit: 100 }, serialize: (row) => row });
  const base = `/console/${access.workspace.id}/settings/webhooks`;
  return (
    <>
      <section className={local.panel} aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">{t("sections.webhooks")}</h2>
        {endpoints.length === 0 ? <p>{t("webhooks.none")}</p> : null}
        <ul>
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <Link href={`${base}/${endpoint.id}`}>{endpoint.url}</Link> — {endpoint.active ? t("webhooks.active") : t("webhooks.inactive")} ·{" "}
              {endpoint.events.join(", ")} · {t("webhooks.createdOn", { when: formatWhen(endpoint.createdAt, access.workspace.timezone) })}
            </li>
          ))}
        </ul>
      </section>
      <section className={local.panel} aria-labelledby="add-endpoint">
        <h2 id="add-endpoint">{t("webhooks.addHeading")}</h2>
        <CreateEndpointForm
          workspaceId={access.workspace.id}
          events={WEBHOOK_EVENT_TYPES}
          texts={{
            shownOnce: t("webhooks.secretOnce"),
            copy: t("copy"),
            copied: t("copied"),
            url: t("webhooks.url"),
            events: t("webhooks.events"),
            add: t("webhooks.add"),
          }}
        />
      </section>
    </>
  );
}
