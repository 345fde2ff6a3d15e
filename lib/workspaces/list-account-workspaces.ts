import { desc, eq } from "drizzle-orm";
import type { AccountContext } from "@/lib/context";
import { workspaces, type WorkspaceRow } from "@/lib/db/schema";

export async function listAccountWorkspaces({ ctx }: { ctx: Pick<AccountContext, "db" | "account"> }): Promise<WorkspaceRow[]> {
  return ctx.db.select().from(workspaces).where(eq(workspaces.accountId, ctx.account.id)).orderBy(desc(workspaces.createdAt), desc(workspaces.id));
}

export function toAccountWorkspace(row: WorkspaceRow, secretKey?: string) {
  return { id: row.id, name: row.name, slug: row.slug, timezone: row.timezone, ...(secretKey ? { secret_key: secretKey } : {}) };
}
