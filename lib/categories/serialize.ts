import type { CategoryRow } from "@/lib/db/schema";
import type { Category } from "./schemas";

export function toCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, position: row.position };
}
