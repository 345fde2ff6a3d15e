import { getTranslations } from "next-intl/server";
import { listApiKeys } from "@/lib/api-keys/manage-api-keys";
import { requireConsole } from "../../../_session";
import { revokeApiKeyAction } from "../actions";
import { OwnerOnly } from "../_owner-only";
import { isOwner } from "../_roles";
import { Notice, refusalFrom, type PageSearch } from "../_ui";
import { formatWhen } from "../_when";
import { CreateKeyForm } from "./_create";
import local from "../settings.module.css";
import styles from "../../../console.module.css";
import { RefusalText } from "../../../_refusal-text";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: PageSearch };

/** API keys (owners only): create (the key shown once), the list by name and last four, revoke. */
export default async function ApiKeysPage({ params, searchParams }: PageProps) {
  const { workspace } = await params;
  const query = await searchParams;
  const { access, ctx } = await requireConsole(workspace);
  if (!isOwner(access)) return <OwnerOnly />;
  const t = await getTranslations("console.settings");
  const keys = await listApiKeys({ ctx });
  const refusal = refusalFrom(query);
  const when = (date: Date) => formatWhen(date, access.workspace.timezone);
  return (
    <>
      <section className={local.panel} aria-labelledby="create-key">
        <h2 id="create-key">{t("keys.createHeading")}</h2>
        <p className={local.hint}>{t("keys.intro")}</p>
        <CreateKeyForm
          workspaceId={access.workspace.id}
          texts={{
            shownOnce: t("keys.shownOnce"),
            copy: t("copy"),
            copied: t("copied"),
            name: t("keys.name"),
            type: t("keys.type"),
            types: { sk: t("keys.types.sk"), pk: t("keys.types.pk") },
            create: t("keys.create"),
          }}
        />
      </section>
      <section className={local.panel} aria-labelledby="keys-heading">
        <h2 id="keys-heading">{t("sections.api-keys")}</h2>
        {query.revoked === "1" ? <Notice>{t("keys.revoked")}</Notice> : null}
        {refusal ? (
          <p role="alert" className={styles.error}>
            <RefusalText message={refusal.message} detail={refusal.detail} />
          </p>
        ) : null}
        <div className={local.scroll} role="region" aria-labelledby="keys-heading" tabIndex={0}>
          <table className={local.table}>
            <thead>
              <tr>
                <th scope="col">{t("keys.name")}</th>
                <th scope="col">{t("keys.type")}</th>
                <th scope="col">{t("keys.lastFour")}</th>
                <th scope="col">{t("keys.created")}</th>
                <th scope="col">{t("keys.status")}</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name ?? t("keys.unnamed")}</td>
                  <td>{t(`keys.types.${key.type}`)}</td>
                  <td>
                    <code>…{key.lastFour}</code>
                  </td>
                  <td>{when(key.createdAt)}</td>
                  <td>
                    {key.revokedAt ? (
                      t("keys.revokedOn", { when: when(key.revokedAt) })
                    ) : (
                      <form action={revokeApiKeyAction}>
                        <input type="hidden" name="workspace" value={access.workspace.id} />
                        <input type="hidden" name="key" value={key.id} />
                        <button
                          className={`${styles.button} ${styles.danger}`}
                          type="submit"
                          aria-label={t("keys.revokeNamed", { name: key.name ?? `…${key.lastFour}` })}
                        >
                          {t("keys.revoke")}
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
