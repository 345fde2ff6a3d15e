import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { questions } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { withTransaction } from "@/lib/db/transaction";

/**
 * Deletes a question so no new booking asks it. Answers already given to it stay on their
 * bookings with the label as it was asked (see docs/business-notifications.md).
 */
export async function deleteQuestion({ ctx, id }: { ctx: Pick<ServiceContext, "db" | "workspace">; id: string }): Promise<{ id: string }> {
  return withTransaction(ctx, async (tx) => {
    const where = and(eq(questions.id, id), eq(questions.workspaceId, ctx.workspace.id));
    const [current] = await tx.select({ id: questions.id }).from(questions).where(where).for("update");
    if (!current) throw notFound("question");
    await tx.delete(questions).where(where);
    return current;
  });
}
