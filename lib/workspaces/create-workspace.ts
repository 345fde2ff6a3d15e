import { eq } from "drizzle-orm";
import type { AccountContext } from "@/lib/context";
import { accounts, staff, workspaces, type WorkspaceRow } from "@/lib/db/schema";
import { isPgError, PG_UNIQUE_VIOLATION } from "@/lib/db/errors";
import type { CreateWorkspaceBody } from "./schemas";
import { countActiveStaff, countActiveWorkspaces } from "@/lib/accounts/count-usage";
import { planCaps } from "@/lib/plans/catalog";
import { planLimitExceeded } from "@/lib/plans/limits";
import { HOSTED_PAGES_KEY_NAME, mintApiKey } from "@/lib/api-keys/mint-api-key";
import { slugify, withRandomSuffix } from "./slug";
import { withSavepoint, withTransaction } from "@/lib/db/transaction";
import { logError } from "@/lib/log/logger";

const DEFAULT_STAFF_NAME = "Main calendar";
const SLUG_ATTEMPTS = 5;

type Ctx = Pick<AccountContext, "db" | "account" | "clock">;

/**
 * A workspace with its first calendar and the "Hosted pages" publishable key, in one
 * transaction that holds the account row so concurrent creates cannot pass the plan caps.
 * The secret key is minted afterwards: if that fails the workspace still exists and the
 * response simply has no secret_key.
 */
export async function createWorkspace({ ctx, input }: { ctx: Ctx; input: CreateWorkspaceBody }): Promise<{ workspace: WorkspaceRow; secretKey?: string }> {
  const workspace = await withTransaction(ctx, async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, ctx.account.id)).for("update");
    const caps = planCaps(ctx.account.plan, ctx.account.planStep);
    const activeWorkspaces = await countActiveWorkspaces(tx, ctx.account.id);
    if (activeWorkspaces >= caps.maxActiveWorkspaces) throw planLimitExceeded("workspaces", caps.maxActiveWorkspaces, activeWorkspaces);
    const activeStaff = await countActiveStaff(tx, ctx.account.id);
    if (activeStaff >= caps.maxStaff) throw planLimitExceeded("staff", caps.maxStaff, activeStaff);

    const created = await insertWithFreeSlug(tx, {
      accountId: ctx.account.id,
      name: input.name,
      timezone: input.timezone,
      slotIntervalMinutes: input.slot_interval_minutes ?? 30,
    });
    await tx.insert(staff).values({ workspaceId: created.id, name: input.staff_name ?? DEFAULT_STAFF_NAME });
    await mintApiKey(tx, { workspaceId: created.id, type: "pk", name: HOSTED_PAGES_KEY_NAME, now: ctx.clock.now() });
    return created;
  });

  if (!input.with_secret_key) return { workspace };
  try {
    const { value } = await mintApiKey(ctx.db, { workspaceId: workspace.id, type: "sk", name: null, now: ctx.clock.now() });
    return { workspace, secretKey: value };
  } catch (error) {
    logError(`secret key minting failed for workspace ${workspace.id}`, error);
    return { workspace };
  }
}

async function insertWithFreeSlug(tx: Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0], values: Omit<typeof workspaces.$inferInsert, "slug">) {
  const base = slugify(values.name);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = attempt === 0 ? base : withRandomSuffix(base);
    try {
      // A savepoint, so a taken slug does not abort the surrounding transaction.
      return await withSavepoint(tx, async (savepoint) => {
        const [row] = await savepoint
          .insert(workspaces)
          .values({ ...values, slug })
          .returning();
        return row!;
      });
    } catch (error) {
      if (!isPgError(error, PG_UNIQUE_VIOLATION)) throw error;
    }
  }
  throw new Error("no free slug after several attempts");
}
