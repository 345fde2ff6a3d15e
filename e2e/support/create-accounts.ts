import { writeFileSync } from "node:fs";
import { createAccount } from "@/lib/accounts/create-account";
import { openAppDb } from "@/lib/cli/open-app-db";
import type { PlanName } from "@/lib/plans/catalog";

/**
 * The accounts the specs make their workspaces with, created in one process on the app's
 * database (as `account create` of the CLI does, one process each: a second apiece here). Each
 * file gets the line the CLI prints: `{id, name, plan, plan_step, account_key}`.
 */
export type AccountToCreate = { name: string; plan: PlanName; planStep: number; file: string };

const accounts = JSON.parse(process.argv[2] ?? "[]") as AccountToCreate[];
const handle = await openAppDb();
try {
  for (const { name, plan, planStep, file } of accounts) {
    const { account, accountKey } = await createAccount(handle.db, { name, plan, planStep });
    writeFileSync(file, JSON.stringify({ id: account.id, name: account.name, plan: account.plan, plan_step: account.planStep, account_key: accountKey }));
  }
} finally {
  await handle.close();
}
