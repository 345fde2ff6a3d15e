import { getTranslations } from "next-intl/server";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { getAccountUsage } from "@/lib/accounts/get-account-usage";
import { getWorkspaceUsage } from "@/lib/workspaces/get-workspace-usage";
import { requireConsole } from "../../../_session";
import { OwnerOnly } from "../_owner-only";
import { isOwner } from "../_roles";
import local from "../settings.module.css";
import styles from "../../../console.module.css";

type PageProps = { params: Promise<{ workspace: string }> };

/** Usage and plan (owners only): this workspace's month (`GET /v1/usage`) and the account's plan and caps (`GET /v1/account/usage`). */
export default async function UsagePage({ params }: PageProps) {
  const { workspace } = await params;
  const { access, ctx, base } = await requireConsole(workspace);
  if (!isOwner(access)) return <OwnerOnly />;
  const t = await getTranslations("console.settings");
  const account = await getAccountOrThrow({ ctx: base, id: access.workspace.accountId });
  const [mine, all] = await Promise.all([getWorkspaceUsage({ ctx }), getAccountUsage({ ctx: { db: base.db, clock: base.clock, account } })]);
  return (
    <>
      <section className={local.panel} aria-labelledby="plan-heading">
        <h2 id="plan-heading">{t("usage.plan")}</h2>
        <dl className={styles.facts}>
          <dt>{t("usage.planName")}</dt>
          <dd>{t("usage.planValue", { plan: all.plan, step: all.plan_step })}</dd>
          <dt>{t("usage.period")}</dt>
          <dd>{t("usage.periodValue", { start: all.period_start, end: all.period_end })}</dd>
          <dt>{t("usage.accountBookings")}</dt>
          <dd>{all.bookings_this_month}</dd>
          <dt>{t("usage.workspaces")}</dt>
          <dd>{t("usage.ofMax", { used: all.active_workspaces, max: all.max_active_workspaces })}</dd>
          <dt>{t("usage.calendars")}</dt>
          <dd>{t("usage.ofMax", { used: all.staff, max: all.max_staff })}</dd>
          <dt>{t("usage.smsCredits")}</dt>
          <dd>{t("usage.ofMax", { used: all.sms_credits_remaining, max: all.monthly_sms_credits })}</dd>
        </dl>
      </section>
      <section className={local.panel} aria-labelledby="usage-heading">
        <h2 id="usage-heading">{t("usage.workspace", { name: access.workspace.name })}</h2>
        <dl className={styles.facts}>
          <dt>{t("usage.bookings")}</dt>
          <dd>{mine.bookings_this_month}</dd>
          <dt>{t("usage.calendars")}</dt>
          <dd>{mine.staff}</dd>
          <dt>{t("usage.sms")}</dt>
          <dd>{mine.sms_sent_this_month}</dd>
        </dl>
      </section>
    </>
  );
}
