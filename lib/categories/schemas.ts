import { z } from "zod";
import { Uuid } from "@/lib/schemas";

export const MAX_CATEGORY_NAME_LENGTH = 200;
export const MAX_POSITION = 1_000_000;

/** Lists are ordered by position, ties by creation; the order is the business's, never re-sorted. */
export const Position = z.number().int().min(0).max(MAX_POSITION);

export const Category = z.object({ id: Uuid, name: z.string(), position: z.number().int() }).meta({ id: "Category" });
export type Category = z.infer<typeof Category>;

export const CreateCategoryBody = z.object({
  name: z.string().trim().min(1).max(MAX_CATEGORY_NAME_LENGTH),
  position: Position.optional().meta({ description: "Omitted: after the last category." }),
});
export type CreateCategoryBody = z.infer<typeof CreateCategoryBody>;

export const UpdateCategoryBody = z.object({
  name: z.string().trim().min(1).max(MAX_CATEGORY_NAME_LENGTH).optional(),
  position: Position.optional(),
});
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBody>;

export const CategoryIdParams = z.object({ id: Uuid });
