import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/categories";
import { deleteCategory } from "@/lib/categories/delete-category";
import { getCategoryOrThrow } from "@/lib/categories/get-category";
import { toCategory } from "@/lib/categories/serialize";
import { updateCategory } from "@/lib/categories/update-category";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/categories/{id} – one category (SK)
  GET: route(op.getCategory, async ({ ctx, params }) => toCategory(await getCategoryOrThrow({ ctx, id: params.id }))),
  // PATCH /v1/categories/{id} – rename or move a category (SK)
  PATCH: route(op.updateCategory, async ({ ctx, params, body }) => toCategory(await updateCategory({ ctx, id: params.id, input: body }))),
  // DELETE /v1/categories/{id} – delete it; its services become uncategorised (SK)
  DELETE: route(op.deleteCategory, async ({ ctx, params }) => ({ id: (await deleteCategory({ ctx, id: params.id })).id, deleted: true as const })),
});
