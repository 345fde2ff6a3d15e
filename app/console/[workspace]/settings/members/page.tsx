import { getTranslations } from "next-intl/server";
import { listMembers } from "@/lib/members/manage-members";
import { requireConsole } from "../../../_session";
import { memberAction } from "../actions";
import { OwnerOnly } from "../_owner-only";
import { isOwner } from "../_roles";
import { FieldError, FormError, names, Notice, refusalFrom, type PageSearch } from "../_ui";
import local from "../settings.module.css";
import styles from "../../../console.module.css";
import { RefusalText } from "../../../_refusal-text";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: PageSearch };

const ROLE_WORDS = { owner: "members.roles.owner", staff: "members.roles.staff" } as const;
const DONE_WORDS = { add: "members.added", role: "members.changed", remove: "members.removed" } as const;

/** Members (owners only): invite by email with a role, change a role, remove; the last owner stays (409). */
export default async function MembersPage({ params, searchParams }: PageProps) {
  const { workspace } = await params;
  const query = await searchParams;
  const { access, base } = await requireConsole(workspace);
  if (!isOwner(access)) return <OwnerOnly />;
  const t = await getTranslations("console.settings");
  const members = await listMembers({ ctx: { ...base, account: { id: access.workspace.accountId } } });
  const refusal = refusalFrom(query);
  const done = typeof query.saved === "string" && query.saved in DONE_WORDS ? DONE_WORDS[query.saved as keyof typeof DONE_WORDS] : null;
  // Each notice names whom it changed, so a second change is new words, seen and announced.
  const subject = members.find((member) => member.id === query.member);
  const hidden = <input type="hidden" name="workspace" value={access.workspace.id} />;
  return (
    <>
      <section className={local.panel} aria-labelledby="invite-heading">
        <h2 id="invite-heading">{t("members.invite")}</h2>
        <p className={local.hint}>{t("members.inviteHint")}</p>
        <form action={memberAction} noValidate>
          {hidden}
          <input type="hidden" name="intent" value="add" />
          <div className={local.row}>
            <div className={styles.field}>
              <label htmlFor="member-email">{t("members.email")}</label>
              <input
                id="member-email"
                name="email"
                type="email"
                autoComplete="off"
                aria-invalid={names(refusal, "email") || undefined}
                aria-describedby={names(refusal, "email") ? "member-email-error" : undefined}
              />
              {names(refusal, "email") && refusal ? <FieldError id="member-email-error" message={refusal.message} detail={refusal.detail} /> : null}
            </div>
            <div className={styles.field}>
              <label htmlFor="member-role">{t("members.role")}</label>
              <select id="member-role" name="role" defaultValue="staff">
                <option value="staff">{t(ROLE_WORDS.staff)}</option>
                <option value="owner">{t(ROLE_WORDS.owner)}</option>
              </select>
            </div>
            <div className={styles.field}>
              <button className={styles.button} type="submit">
                {t("members.add")}
              </button>
            </div>
          </div>
        </form>
      </section>
      <section className={local.panel} aria-labelledby="members-heading">
        <h2 id="members-heading">{t("sections.members")}</h2>
        {done ? <Notice>{t(done, { email: subject?.email ?? "—", role: subject ? t(ROLE_WORDS[subject.role]) : "—" })}</Notice> : null}
        <FormError refusal={refusal} fields={["email", ...members.map((member) => `member.${member.id}`)]} />
        <ul className={styles.list}>
          {members.map((member) => {
            const refused = names(refusal, `member.${member.id}`);
            return (
              <li key={member.id} className={styles.column}>
                <strong>{member.email}</strong> · {t(ROLE_WORDS[member.role])}
                {member.email === access.email ? ` (${t("members.you")})` : ""}
                <div className={local.row}>
                  <form action={memberAction} className={local.row}>
                    {hidden}
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="member" value={member.id} />
                    <div className={styles.field}>
                      <label htmlFor={`role-${member.id}`}>{t("members.roleOf", { email: member.email })}</label>
                      <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
                        <option value="staff">{t(ROLE_WORDS.staff)}</option>
                        <option value="owner">{t(ROLE_WORDS.owner)}</option>
                      </select>
                    </div>
                    <div className={styles.field}>
                      <button className={`${styles.button} ${styles.secondary}`} type="submit">
                        {t("members.changeRole")}
                      </button>
                    </div>
                  </form>
                  <form action={memberAction}>
                    {hidden}
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="member" value={member.id} />
                    <div className={styles.field}>
                      <button className={`${styles.button} ${styles.danger}`} type="submit" aria-label={t("members.removeNamed", { email: member.email })}>
                        {t("members.remove")}
                      </button>
                    </div>
                  </form>
                </div>
                {refused && refusal ? (
                  <p role="alert" className={styles.error}>
                    <RefusalText message={refusal.message} detail={refusal.detail} />
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
