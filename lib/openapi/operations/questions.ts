import { z } from "zod";
import { CreateQuestionBody, Question, QuestionIdParams, UpdateQuestionBody } from "@/lib/questions/schemas";
import { DeletedResponse } from "@/lib/schemas";
import { defineOperation } from "../operation";

const RULES =
  "Types: text and long_text (any string), select (the answer must be one of options; needs at least one option, all distinct), " +
  'checkbox (the answer is "true" or "false"; required means it must be "true"). Only select takes options. ' +
  "applies_to all_services asks every service's customers; selected_services asks only for the services in service_ids " +
  "(at least one, each a service of this workspace, else 422 with param service_ids.<index>). " +
  "Questions are ordered by position (0 to 1,000,000), ties by creation: the business's order, never re-sorted.";

export const listQuestions = defineOperation({
  id: "listQuestions",
  method: "GET",
  path: "/v1/questions",
  tag: "Questions",
  summary: "List questions",
  description: `Every question in the business's order, in one page (next_cursor is always null). ${RULES}`,
  auth: "sk",
  response: { status: 200, schema: z.object({ data: z.array(Question), next_cursor: z.null() }) },
  errors: [],
});

export const createQuestion = defineOperation({
  id: "createQuestion",
  method: "POST",
  path: "/v1/questions",
  tag: "Questions",
  summary: "Create a booking question",
  description: `required defaults to false, applies_to to all_services; without a position the question goes after the last one. ${RULES}`,
  auth: "sk",
  body: CreateQuestionBody,
  response: { status: 201, schema: Question },
  errors: ["validation_failed"],
});

export const updateQuestion = defineOperation({
  id: "updateQuestion",
  method: "PATCH",
  path: "/v1/questions/{id}",
  tag: "Questions",
  summary: "Change a booking question",
  description:
    "Partial. Changing type away from select drops the options, and changing applies_to to all_services drops service_ids, " +
    `unless new ones are sent with the change (then they are refused). ${RULES}`,
  auth: "sk",
  params: QuestionIdParams,
  body: UpdateQuestionBody,
  response: { status: 200, schema: Question },
  errors: ["not_found", "validation_failed"],
});

export const deleteQuestion = defineOperation({
  id: "deleteQuestion",
  method: "DELETE",
  path: "/v1/questions/{id}",
  tag: "Questions",
  summary: "Delete a booking question",
  description:
    "Answers {id, deleted: true}. New bookings stop asking it; answers customers already gave to it stay on their bookings, with the label as it was asked.",
  auth: "sk",
  params: QuestionIdParams,
  response: { status: 200, schema: DeletedResponse },
  errors: ["not_found"],
});
