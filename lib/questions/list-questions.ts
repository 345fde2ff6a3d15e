import { asc, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { questions, type QuestionRow } from "@/lib/db/schema";

/** The business's order: position, ties by creation (then id, so it is total). */
export async function listQuestions({ ctx }: { ctx: Pick<ServiceContext, "db" | "workspace"> }): Promise<QuestionRow[]> {
  return ctx.db
    .select()
    .from(questions)
    .where(eq(questions.workspaceId, ctx.workspace.id))
    .orderBy(asc(questions.position), asc(questions.createdAt), asc(questions.id));
}
