import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/questions";
import { deleteQuestion } from "@/lib/questions/delete-question";
import { toQuestion } from "@/lib/questions/serialize";
import { updateQuestion } from "@/lib/questions/update-question";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // PATCH /v1/questions/{id} – change a booking question (SK)
  PATCH: route(op.updateQuestion, async ({ ctx, params, body }) => toQuestion(await updateQuestion({ ctx, id: params.id, input: body }))),
  // DELETE /v1/questions/{id} – delete a booking question (SK)
  DELETE: route(op.deleteQuestion, async ({ ctx, params }) => ({ id: (await deleteQuestion({ ctx, id: params.id })).id, deleted: true as const })),
});
