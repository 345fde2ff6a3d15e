import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accountKeys, accounts, type AccountRow } from "@/lib/db/schema";
import { notFound, validationFailed } from "@/lib/errors";
import { isValidPlanStep, type PlanName } from "@/lib/plans/catalog";
import { displayPrefix, generateKey, sha256Hex } from "@/lib/secrets/tokens";
import { withTransaction } from "@/lib/db/transaction";

export type CreatedAccount = { account: AccountRow; accountKey: string };

export async function createAccount(db: Queryable, input: { name: string; plan: PlanName; planStep: number }): Promise<CreatedAccount> {
  if (!isValidPlanStep(input.plan, input.planStep)) throw validationFailed("plan_step", `Plan ${input.plan} has no step ${input.planStep}.`);
  return withTransaction({ db }, async (tx) => {
    const [account] = await tx.insert(accounts).values({ name: input.name, plan: input.plan, planStep: input.planStep }).returning();
    const accountKey = await mintAccountKey(tx, account!.id);
    return { account: account!, accountKey };
  });
}

/** A new `ak_` key for an account; only its hash is kept. */
export async function mintAccountKey(db: Queryable, accountId: string): Promise<string> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound("account");
  const value = generateKey("ak");
  await db.insert(accountKeys).values({ accountId, keyHash: sha256Hex(value), displayPrefix: displayPrefix(value) });
  return value;
}

export async function setAccountPlan(db: Queryable, input: { accountId: string; plan: PlanName; planStep: number }): Promise<AccountRow> {
  if (!isValidPlanStep(input.plan, input.planStep)) throw validationFailed("plan_step", `Plan ${input.plan} has no step ${input.planStep}.`);
  const [account] = await db.update(accounts).set({ plan: input.plan, planStep: input.planStep }).where(eq(accounts.id, input.accountId)).returning();
  if (!account) throw notFound("account");
  return account;
}
