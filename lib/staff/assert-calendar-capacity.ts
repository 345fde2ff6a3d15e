import { eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { countActiveStaff } from "@/lib/accounts/count-usage";
import { planCaps } from "@/lib/plans/catalog";
import { planLimitExceeded } from "@/lib/plans/limits";

/**
 * Refuses (402, dimension staff) when one more active calendar would pass the account plan's
 * cap, counted across the account's live workspaces. Holds the account row for the rest of
 * the transaction, like workspace creation, so concurrent creates cannot both slip under it.
 */
export async function assertCalendarCapacity(tx: Tx, accountId: string): Promise<void> {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
  const caps = planCaps(account!.plan, account!.planStep);
  const active = await countActiveStaff(tx, accountId);
  if (active >= caps.maxStaff) throw planLimitExceeded("staff", caps.maxStaff, active);
}
