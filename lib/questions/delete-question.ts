import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { bookingAnswers, questions } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { withTransaction } from "@/lib/db/transaction";

/**
 * Deletes a question so no new booking asks it. Answers already given to it reference it, so
 * they go with it in the same transaction (documented on the operation).
 */
export async function deleteQuestion({ ctx, id }: { ctx: Pick<ServiceContext, "db" | "workspace">; id: string }): Promise<{ id: string }> {
  return withTransaction(ctx, async (tx) => {
    const where = and(eq(questions.id, id), eq(questions.workspaceId, ctx.workspace.id));
    const [current] = await tx.select({ id: questions.id }).from(questions).where(where).for("update");
    if (!current) throw notFound("question");
    await tx.delete(bookingAnswers).where(eq(bookingAnswers.questionId, id));
    await tx.delete(questions).where(where);
    return current;
  });
}
