import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/questions";
import { createQuestion } from "@/lib/questions/create-question";
import { listQuestions } from "@/lib/questions/list-questions";
import { toQuestion } from "@/lib/questions/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/questions – every booking question in the business's order (SK)
  GET: route(op.listQuestions, async ({ ctx }) => ({ data: (await listQuestions({ ctx })).map((row) => toQuestion(row)), next_cursor: null })),
  // POST /v1/questions – create a booking question (SK)
  POST: route(op.createQuestion, async ({ ctx, body }) => toQuestion(await createQuestion({ ctx, input: body }))),
});
