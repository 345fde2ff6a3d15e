import type { QuestionRow } from "@/lib/db/schema";
import type { Question } from "./schemas";

export function toQuestion(row: QuestionRow, serviceIds: string[] = row.serviceIds): Question {
  return {
    id: row.id,
    label: row.label,
    help_text: row.helpText,
    type: row.type,
    options: row.options,
    required: row.required,
    applies_to: row.appliesTo,
    service_ids: serviceIds,
    position: row.position,
  };
}
