import { getTranslations } from "next-intl/server";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { requireConsole } from "../../../_session";
import { Notice, OlderLink, readLog } from "../_ui";
import { formatWhen } from "../_when";
import local from "../settings.module.css";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: Promise<{ cursor?: string }> };

/** The audit log (docs/console.md#audit-log): every write by a key or a member, newest first, 50 a page. */
export default async function AuditPage({ params, searchParams }: PageProps) {
  const { workspace } = await params;
  const { cursor } = await searchParams;
  const { access, ctx } = await requireConsole(workspace);
  const t = await getTranslations("console.settings");
  const { page, stale } = await readLog((withQuery) => listAuditEvents({ ctx, query: { limit: 50, ...(withQuery && cursor ? { cursor } : {}) } }));
  return (
    <section className={local.panel} aria-labelledby="audit-heading">
      <h2 id="audit-heading">{t("sections.audit")}</h2>
      <p className={local.hint}>{t("audit.hint", { zone: access.workspace.timezone })}</p>
      {stale ? <Notice>{t("staleQuery")}</Notice> : null}
      {page.data.length === 0 ? <p>{t("audit.none")}</p> : null}
      {page.data.length > 0 ? (
        <div className={local.scroll} role="region" aria-labelledby="audit-heading" tabIndex={0}>
          <table className={local.table}>
            <thead>
              <tr>
                <th scope="col">{t("audit.when")}</th>
                <th scope="col">{t("audit.who")}</th>
                <th scope="col">{t("audit.what")}</th>
                <th scope="col">{t("audit.target")}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((event) => (
                <tr key={event.id}>
                  <td>{formatWhen(new Date(event.when), access.workspace.timezone)}</td>
                  <td>{event.who.name}</td>
                  <td>
                    <code>{event.what}</code>
                  </td>
                  <td>
                    {event.target.type}
                    {event.target.id ? <div className={local.hint}>{event.target.id}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <OlderLink
        href={page.next_cursor ? `/console/${access.workspace.id}/settings/audit?cursor=${encodeURIComponent(page.next_cursor)}` : null}
        label={t("audit.older")}
      />
    </section>
  );
}
