import { z } from "zod";
import { Category, CategoryIdParams, CreateCategoryBody, UpdateCategoryBody } from "@/lib/categories/schemas";
import { DeletedResponse } from "@/lib/schemas";
import { defineOperation } from "../operation";

const ORDER_NOTE = "Categories are ordered by position (0 to 1,000,000), ties by creation; this is the business's order and clients must not re-sort.";

export const listCategories = defineOperation({
  id: "listCategories",
  method: "GET",
  path: "/v1/categories",
  tag: "Categories",
  summary: "List categories",
  description: `Every category in the business's order, in one page (next_cursor is always null); [] when none exist. ${ORDER_NOTE}`,
  auth: "sk",
  response: { status: 200, schema: z.object({ data: z.array(Category), next_cursor: z.null() }) },
  errors: [],
});

export const createCategory = defineOperation({
  id: "createCategory",
  method: "POST",
  path: "/v1/categories",
  tag: "Categories",
  summary: "Create a category",
  description: `Without a position the category goes after the last one. Files services with PUT /v1/services/{id}/category. ${ORDER_NOTE}`,
  auth: "sk",
  body: CreateCategoryBody,
  response: { status: 201, schema: Category },
  errors: ["validation_failed"],
});

export const getCategory = defineOperation({
  id: "getCategory",
  method: "GET",
  path: "/v1/categories/{id}",
  tag: "Categories",
  summary: "Retrieve a category",
  description: `One category: its name and position. ${ORDER_NOTE}`,
  auth: "sk",
  params: CategoryIdParams,
  response: { status: 200, schema: Category },
  errors: ["not_found"],
});

export const updateCategory = defineOperation({
  id: "updateCategory",
  method: "PATCH",
  path: "/v1/categories/{id}",
  tag: "Categories",
  summary: "Rename or move a category",
  description: `Partial: name, position. Other categories keep their positions. ${ORDER_NOTE}`,
  auth: "sk",
  params: CategoryIdParams,
  body: UpdateCategoryBody,
  response: { status: 200, schema: Category },
  errors: ["not_found", "validation_failed"],
});

export const deleteCategory = defineOperation({
  id: "deleteCategory",
  method: "DELETE",
  path: "/v1/categories/{id}",
  tag: "Categories",
  summary: "Delete a category",
  description: "Answers {id, deleted: true}. Its services become uncategorised (category_id null); they are not deleted or deactivated.",
  auth: "sk",
  params: CategoryIdParams,
  response: { status: 200, schema: DeletedResponse },
  errors: ["not_found"],
});
