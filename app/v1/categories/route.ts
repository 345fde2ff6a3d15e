import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/categories";
import { createCategory } from "@/lib/categories/create-category";
import { listCategories } from "@/lib/categories/list-categories";
import { toCategory } from "@/lib/categories/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/categories – every category in the business's order (SK)
  GET: route(op.listCategories, async ({ ctx }) => ({ data: (await listCategories({ ctx })).map(toCategory), next_cursor: null })),
  // POST /v1/categories – create a category (SK)
  POST: route(op.createCategory, async ({ ctx, body }) => toCategory(await createCategory({ ctx, input: body }))),
});
