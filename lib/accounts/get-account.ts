import { eq } from "drizzle-orm";
import type { BaseContext } from "@/lib/context";
import { accounts, type AccountRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";

/** The account a console owner acts on, as an `ak_` key's context carries it (docs/console.md#settings). */
export async function getAccountOrThrow({ ctx, id }: { ctx: Pick<BaseContext, "db">; id: string }): Promise<AccountRow> {
  const [row] = await ctx.db.select().from(accounts).where(eq(accounts.id, id));
  if (!row) throw notFound("account");
  return row;
}
