import { and, eq } from "drizzle-orm";
import type { AccountContext } from "@/lib/context";
import { workspaces } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { mintApiKey } from "./mint-api-key";
import type { MintKeyBody } from "./schemas";
import { toApiKey } from "./serialize";

/** An account mints a key for one of its own workspaces; another account's is not found. */
export async function mintWorkspaceKey({
  ctx,
  workspaceId,
  input,
}: {
  ctx: Pick<AccountContext, "db" | "account" | "clock">;
  workspaceId: string;
  input: MintKeyBody;
}) {
  const [workspace] = await ctx.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.accountId, ctx.account.id)));
  if (!workspace) throw notFound("workspace");
  const { row, value } = await mintApiKey(ctx.db, { workspaceId, type: input.type, name: input.name ?? null, now: ctx.clock.now() });
  return toApiKey(row, value);
}
