import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DomainError } from "@/lib/errors";
import { getEndpointOrThrow } from "@/lib/webhooks/manage-endpoints";
import { parseWith } from "@/lib/http/route";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { ListDeliveriesQuery } from "@/lib/webhooks/schemas";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { requireConsole } from "../../../../_session";
import { retryDeliveryAction, updateWebhookAction } from "../../actions";
import { OwnerOnly } from "../../_owner-only";
import { isOwner } from "../../_roles";
import { FormError, Notice, OlderLink, readLog, refusalFrom, type PageSearch } from "../../_ui";
import { formatWhen } from "../../_when";
import { EndpointFields, RotateSecretForm } from "../_forms";
import local from "../../settings.module.css";
import styles from "../../../../console.module.css";

const STATUS_WORDS = { pending: "webhooks.statuses.pending", succeeded: "webhooks.statuses.succeeded", failed: "webhooks.statuses.failed" } as const;

type PageProps = { params: Promise<{ workspace: string; endpoint: string }>; searchParams: PageSearch };

/** One endpoint (owners only): its URL, events and state, "Rotate secret", and the delivery log with "Retry". */
export default async function EndpointPage({ params, searchParams }: PageProps) {
  const { workspace, endpoint: endpointId } = await params;
  const query = await searchParams;
  const { access, ctx } = await requireConsole(workspace);
  if (!isOwner(access)) return <OwnerOnly />;
  const t = await getTranslations("console.settings");
  const endpoint = await getEndpointOrThrow({ ctx, id: endpointId }).catch((error: unknown) => {
    if (error instanceof DomainError && error.type === "not_found") notFound();
    throw error;
  });
  // The log's own query, read with the API's schema: ?status= filters it, ?cursor= pages it.
  const one = (key: string) => (typeof query[key] === "string" ? query[key] : undefined);
  const asked = { status: one("status") || undefined, cursor: one("cursor") };
  const { page: log, stale } = await readLog((withQuery) => {
    const { status, cursor } = parseWith(ListDeliveriesQuery, withQuery ? asked : {});
    return listDeliveries({ ctx, endpointId: endpoint.id, page: { limit: 50, cursor }, status });
  });
  const deliveries = log.data;
  const status = stale ? undefined : asked.status;
  const logPath = `/console/${access.workspace.id}/settings/webhooks/${endpoint.id}`;
  const older = log.next_cursor ? `${logPath}?${new URLSearchParams({ ...(status ? { status } : {}), cursor: log.next_cursor }).toString()}#log-heading` : null;
  const refusal = refusalFrom(query);
  const zone = access.workspace.timezone;
  const when = (iso: string | null) => (iso ? formatIso(iso, zone) : "—");
  return (
    <>
      <p>
        <Link href={`/console/${access.workspace.id}/settings/webhooks`}>{t("webhooks.back")}</Link>
      </p>
      <section className={local.panel} aria-labelledby="endpoint-heading">
        <h2 id="endpoint-heading">{t("webhooks.endpointHeading")}</h2>
        {query.saved === "1" ? <Notice>{t("saved")}</Notice> : null}
        {query.deleted === "1" ? <Notice>{t("webhooks.deleted")}</Notice> : null}
        {query.retried === "1" ? <Notice>{t("webhooks.retried")}</Notice> : null}
        <FormError refusal={refusal} fields={["url", "events"]} />
        <p>{endpoint.active ? t("webhooks.active") : t("webhooks.inactive")}</p>
        <form action={updateWebhookAction} noValidate>
          <input type="hidden" name="workspace" value={access.workspace.id} />
          <input type="hidden" name="endpoint" value={endpoint.id} />
          <EndpointFields
            events={WEBHOOK_EVENT_TYPES}
            chosen={endpoint.events}
            url={endpoint.url}
            texts={{ url: t("webhooks.url"), events: t("webhooks.events") }}
            refusal={refusal ?? undefined}
          />
          <div className={local.check}>
            <input id="endpoint-active" name="active" type="checkbox" defaultChecked={endpoint.active} />
            <label htmlFor="endpoint-active">{t("webhooks.activeLabel")}</label>
          </div>
          <div className={styles.actions}>
            <button className={styles.button} type="submit" name="intent" value="save">
              {t("save")}
            </button>
            <button className={`${styles.button} ${styles.danger}`} type="submit" name="intent" value="delete">
              {t("webhooks.delete")}
            </button>
          </div>
        </form>
      </section>
      <section className={local.panel} aria-labelledby="secret-heading">
        <h2 id="secret-heading">{t("webhooks.secretHeading")}</h2>
        <p className={local.hint}>{t("webhooks.secretHint")}</p>
        <RotateSecretForm
          workspaceId={access.workspace.id}
          endpointId={endpoint.id}
          texts={{ shownOnce: t("webhooks.secretOnce"), copy: t("copy"), copied: t("copied"), rotate: t("webhooks.rotate") }}
        />
      </section>
      <section className={local.panel} aria-labelledby="log-heading">
        <h2 id="log-heading">{t("webhooks.log")}</h2>
        {stale ? <Notice>{t("staleQuery")}</Notice> : null}
        <form method="get" action={`${logPath}#log-heading`} className={local.row}>
          <div className={styles.field}>
            <label htmlFor="log-status">{t("webhooks.show")}</label>
            <select id="log-status" name="status" defaultValue={status ?? ""}>
              <option value="">{t("webhooks.allDeliveries")}</option>
              {(Object.keys(STATUS_WORDS) as (keyof typeof STATUS_WORDS)[]).map((value) => (
                <option key={value} value={value}>
                  {t(STATUS_WORDS[value])}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <button className={`${styles.button} ${styles.secondary}`} type="submit">
              {t("webhooks.filter")}
            </button>
          </div>
        </form>
        {deliveries.length === 0 ? <p>{status ? t("webhooks.noneWithStatus") : t("webhooks.noDeliveries")}</p> : null}
        {deliveries.length > 0 ? (
          <div className={local.scroll} role="region" aria-labelledby="log-heading" tabIndex={0}>
            <table className={local.table}>
              <thead>
                <tr>
                  <th scope="col">{t("webhooks.event")}</th>
                  <th scope="col">{t("webhooks.status")}</th>
                  <th scope="col">{t("webhooks.attempts")}</th>
                  <th scope="col">{t("webhooks.response")}</th>
                  <th scope="col">{t("webhooks.created")}</th>
                  <th scope="col">
                    <span className={local.hint}>{t("webhooks.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery.id} data-delivery={delivery.id}>
                    <td>
                      <code>{delivery.event_type}</code>
                    </td>
                    <td>{t(STATUS_WORDS[delivery.status])}</td>
                    <td>{delivery.attempts}</td>
                    <td>
                      {delivery.response_status ?? "—"}
                      {delivery.last_error ? <div className={local.hint}>{delivery.last_error}</div> : null}
                    </td>
                    <td>{when(delivery.created_at)}</td>
                    <td>
                      <form action={retryDeliveryAction}>
                        <input type="hidden" name="workspace" value={access.workspace.id} />
                        <input type="hidden" name="endpoint" value={endpoint.id} />
                        <input type="hidden" name="delivery" value={delivery.id} />
                        <button
                          className={`${styles.button} ${styles.secondary}`}
                          type="submit"
                          aria-label={t("webhooks.retryNamed", { event: delivery.event_type, when: when(delivery.created_at) })}
                        >
                          {t("webhooks.retry")}
                        </button>
                      </form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <OlderLink href={older} label={t("webhooks.older")} />
      </section>
    </>
  );
}

function formatIso(iso: string, zone: string): string {
  return formatWhen(new Date(iso), zone);
}
