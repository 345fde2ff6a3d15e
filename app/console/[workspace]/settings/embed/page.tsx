import { getTranslations } from "next-intl/server";
import { getConfig } from "@/lib/config";
import { listApiKeys } from "@/lib/api-keys/manage-api-keys";
import { requireConsole } from "../../../_session";
import { saveAllowedOriginsAction } from "../actions";
import { isOwner } from "../_roles";
import { FieldError, FormError, names, Notice, refusalFrom, type PageSearch } from "../_ui";
import { CopyButton } from "./_copy";
import local from "../settings.module.css";
import styles from "../../../console.module.css";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: PageSearch };

/**
 * The embed: the snippet to copy, the publishable key the booking page uses (the newest usable
 * one, as the widget's frame picks it), its allowed origins (owners: they are the key's), and
 * a preview of the widget.
 */
export default async function EmbedPage({ params, searchParams }: PageProps) {
  const { workspace } = await params;
  const query = await searchParams;
  const { access, ctx } = await requireConsole(workspace);
  const t = await getTranslations("console.settings");
  const appUrl = getConfig().appUrl.replace(/\/$/, "");
  const key = (await listApiKeys({ ctx })).find((row) => row.type === "pk" && row.revokedAt === null && row.publishableValue !== null);
  const snippet = `<script src="${appUrl}/embed.js" data-slug="${access.workspace.slug}" data-mode="inline"></script>`;
  const refusal = refusalFrom(query);
  const owner = isOwner(access);
  return (
    <>
      <section className={local.panel} aria-labelledby="snippet-heading">
        <h2 id="snippet-heading">{t("sections.embed")}</h2>
        <p className={local.hint}>{t("embed.intro")}</p>
        <pre className={local.code} id="embed-snippet">
          {snippet}
        </pre>
        <CopyButton value={snippet} texts={{ copy: t("embed.copySnippet"), copied: t("copied") }} />
        {key?.publishableValue ? (
          <>
            <h3>{t("embed.keyHeading")}</h3>
            <p className={local.hint}>{t("embed.keyHint")}</p>
            <code className={local.secret}>{key.publishableValue}</code>
          </>
        ) : (
          <p>{t("embed.noKey")}</p>
        )}
      </section>
      {key ? (
        <section className={local.panel} aria-labelledby="origins-heading">
          <h2 id="origins-heading">{t("embed.originsHeading")}</h2>
          {query.saved === "1" ? <Notice>{t("saved")}</Notice> : null}
          <FormError refusal={refusal} fields={["allowed_origins"]} />
          {owner ? (
            <form action={saveAllowedOriginsAction} noValidate>
              <input type="hidden" name="workspace" value={access.workspace.id} />
              <input type="hidden" name="key" value={key.id} />
              <div className={styles.field}>
                <label htmlFor="allowed-origins">{t("embed.origins")}</label>
                <textarea
                  id="allowed-origins"
                  name="allowed_origins"
                  rows={4}
                  defaultValue={key.allowedOrigins.join("\n")}
                  aria-invalid={names(refusal, "allowed_origins") || undefined}
                  aria-describedby={names(refusal, "allowed_origins") ? "allowed-origins-hint allowed-origins-error" : "allowed-origins-hint"}
                />
                <p id="allowed-origins-hint" className={local.hint}>
                  {t("embed.originsHint")}
                </p>
                {names(refusal, "allowed_origins") && refusal ? (
                  <FieldError id="allowed-origins-error" message={refusal.message} detail={refusal.detail} />
                ) : null}
              </div>
              <button className={styles.button} type="submit">
                {t("save")}
              </button>
            </form>
          ) : (
            <>
              <p className={local.hint}>{t("embed.originsOwners")}</p>
              <ul>
                {key.allowedOrigins.map((origin) => (
                  <li key={origin}>{origin}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      ) : null}
      <section className={local.panel} aria-labelledby="preview-heading">
        <h2 id="preview-heading">{t("embed.preview")}</h2>
        <iframe
          src={`/embed/${access.workspace.slug}`}
          title={t("embed.previewTitle", { name: access.workspace.name })}
          style={{ width: "100%", height: "32rem", border: "1px solid #ddd", borderRadius: 8 }}
        />
      </section>
    </>
  );
}
