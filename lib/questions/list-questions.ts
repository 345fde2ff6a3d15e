import { asc, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { questions, type QuestionRow } from "@/lib/db/schema";

/** A question applies to every service, or to the services it lists. */
export function appliesToService(question: Pick<QuestionRow, "appliesTo" | "serviceIds">, serviceId: string): boolean {
  return question.appliesTo === "all_services" || question.serviceIds.includes(serviceId);
}

/** The business's order: position, ties by creation (then id, so it is total); with `serviceId`, the questions that service asks. */
export async function listQuestions({ ctx, serviceId }: { ctx: Pick<ServiceContext, "db" | "workspace">; serviceId?: string }): Promise<QuestionRow[]> {
  const rows = await ctx.db
    .select()
    .from(questions)
    .where(eq(questions.workspaceId, ctx.workspace.id))
    .orderBy(asc(questions.position), asc(questions.createdAt), asc(questions.id));
  return serviceId === undefined ? rows : rows.filter((question) => appliesToService(question, serviceId));
}
