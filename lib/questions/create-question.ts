import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { questions, type QuestionRow } from "@/lib/db/schema";
import { resolveQuestionScope } from "./question-rules";
import type { CreateQuestionBody } from "./schemas";

/** A question customers answer when booking; without a position it goes after the last one. */
export async function createQuestion({
  ctx,
  input,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  input: CreateQuestionBody;
}): Promise<QuestionRow> {
  const scope = await resolveQuestionScope(
    ctx.db,
    ctx.workspace.id,
    { type: input.type, options: input.options ?? [], appliesTo: input.applies_to ?? "all_services", serviceIds: input.service_ids ?? [] },
    input,
  );
  const position =
    input.position ??
    (
      await ctx.db
        .select({ next: sql<number>`coalesce(max(${questions.position}) + 1, 0)`.mapWith(Number) })
        .from(questions)
        .where(eq(questions.workspaceId, ctx.workspace.id))
    )[0]!.next;
  const [row] = await ctx.db
    .insert(questions)
    .values({
      workspaceId: ctx.workspace.id,
      label: input.label,
      helpText: input.help_text ?? null,
      type: scope.type,
      options: scope.options,
      required: input.required ?? false,
      appliesTo: scope.appliesTo,
      serviceIds: scope.serviceIds,
      position,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return row!;
}
