import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { questions, type QuestionRow } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import { appliesToService } from "@/lib/questions/list-questions";

export type AnswerInput = { question_id: string; value: string };
/** An answer as it is kept: with its question's label and rank in the business's order at booking time. */
export type ValidAnswer = { questionId: string; label: string; position: number; value: string };

const MAX_TEXT_LENGTH = 1_000;

/**
 * Answers checked against the workspace's questions that apply to the service: each names
 * one such question once; select answers are one of its options; checkbox answers are
 * "true" or "false"; every required question is answered (a required checkbox with "true").
 */
export async function validateAnswers(db: Queryable, input: { workspaceId: string; serviceId: string; answers: AnswerInput[] }): Promise<ValidAnswer[]> {
  return checkAnswers(await db.select().from(questions).where(eq(questions.workspaceId, input.workspaceId)), input);
}

/** validateAnswers over the workspace's questions already read (booking creation reads them with the service). */
export function checkAnswers(workspaceQuestions: QuestionRow[], input: { serviceId: string; answers: AnswerInput[] }): ValidAnswer[] {
  const applying = workspaceQuestions.filter((question) => appliesToService(question, input.serviceId));
  const rank = rankInBusinessOrder(workspaceQuestions);
  const byId = new Map(applying.map((question) => [question.id, question]));
  const seen = new Set<string>();
  const valid = input.answers.map((answer, index) => {
    const question = byId.get(answer.question_id);
    if (!question) throw validationFailed(`answers.${index}.question_id`, "question_id names no question that applies to this service.");
    if (seen.has(question.id)) throw validationFailed(`answers.${index}.question_id`, "Each question may be answered once.");
    seen.add(question.id);
    assertValueFits(question, answer.value, `answers.${index}.value`);
    return { questionId: question.id, label: question.label, position: rank.get(question.id) ?? rank.size, value: answer.value };
  });
  const answered = new Map(valid.map((answer) => [answer.questionId, answer.value]));
  for (const question of [...applying].sort((a, b) => a.position - b.position)) {
    if (!question.required) continue;
    const value = answered.get(question.id);
    const index = valid.findIndex((answer) => answer.questionId === question.id);
    if (value === undefined) throw validationFailed("answers", `The question "${question.label}" needs an answer.`);
    if (question.type === "checkbox" ? value !== "true" : value.trim() === "") {
      throw validationFailed(`answers.${index}.value`, `The question "${question.label}" needs an answer.`);
    }
  }
  return valid;
}

/** The business's order of its questions (position, then creation, then id, as GET /v1/questions lists them): id → 0-based rank. */
function rankInBusinessOrder(workspaceQuestions: QuestionRow[]): Map<string, number> {
  const ordered = [...workspaceQuestions].sort(
    (a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return new Map(ordered.map((question, index) => [question.id, index]));
}

function assertValueFits(question: QuestionRow, value: string, param: string): void {
  if (question.type === "select" && !question.options.includes(value)) {
    throw validationFailed(param, "value must be one of the question's options.");
  }
  if (question.type === "checkbox" && value !== "true" && value !== "false") {
    throw validationFailed(param, 'value must be "true" or "false" for a checkbox.');
  }
  if (question.type === "text" && value.length > MAX_TEXT_LENGTH) {
    throw validationFailed(param, `value must be at most ${MAX_TEXT_LENGTH} characters for a short text question.`);
  }
}
