import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { questions, type QuestionRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { resolveQuestionScope } from "./question-rules";
import type { UpdateQuestionBody } from "./schemas";
import { withTransaction } from "@/lib/db/transaction";

/** Partial update; the merged question must still be consistent (see resolveQuestionScope). */
export async function updateQuestion({
  ctx,
  id,
  input,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  id: string;
  input: UpdateQuestionBody;
}): Promise<QuestionRow> {
  return withTransaction(ctx, async (tx) => {
    const where = and(eq(questions.id, id), eq(questions.workspaceId, ctx.workspace.id));
    const [current] = await tx.select().from(questions).where(where).for("update");
    if (!current) throw notFound("question");
    const scope = await resolveQuestionScope(
      tx,
      ctx.workspace.id,
      {
        type: input.type ?? current.type,
        options: input.options ?? current.options,
        appliesTo: input.applies_to ?? current.appliesTo,
        serviceIds: input.service_ids ?? current.serviceIds,
      },
      input,
    );
    const [row] = await tx
      .update(questions)
      .set({
        label: input.label ?? current.label,
        helpText: input.help_text === undefined ? current.helpText : input.help_text,
        required: input.required ?? current.required,
        position: input.position ?? current.position,
        type: scope.type,
        options: scope.options,
        appliesTo: scope.appliesTo,
        serviceIds: scope.serviceIds,
      })
      .where(where)
      .returning();
    return row!;
  });
}
