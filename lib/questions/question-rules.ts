import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { services } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import type { AppliesTo, QuestionType } from "./schemas";

export type QuestionScope = { type: QuestionType; options: string[]; appliesTo: AppliesTo; serviceIds: string[] };
/** What the request itself sent (undefined: not sent, so a stale value may be dropped). */
export type SentScope = { options?: string[]; service_ids?: string[] };

/**
 * The consistency rules of a question, applied to the merged result of a create or update:
 * - select needs at least one option, all distinct; other types take none (options a type
 *   change leaves behind are dropped, options sent with it are refused);
 * - selected_services needs at least one service of this workspace; all_services takes none
 *   (likewise dropped when left behind, refused when sent).
 */
export async function resolveQuestionScope(db: Queryable, workspaceId: string, merged: QuestionScope, sent: SentScope): Promise<QuestionScope> {
  let options = merged.options;
  if (merged.type === "select") {
    if (options.length === 0) throw validationFailed("options", "options: a select question needs at least one option.");
    const seen = new Set<string>();
    options.forEach((option, index) => {
      if (seen.has(option)) throw validationFailed(`options.${index}`, `options.${index}: "${option}" is listed twice.`);
      seen.add(option);
    });
  } else if (sent.options !== undefined && sent.options.length > 0) {
    throw validationFailed("options", `options: only select questions take options, not ${merged.type}.`);
  } else {
    options = [];
  }

  let serviceIds = [...new Set(merged.serviceIds)];
  if (merged.appliesTo === "selected_services") {
    if (serviceIds.length === 0) throw validationFailed("service_ids", "service_ids: selected_services needs at least one service.");
    const found = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.workspaceId, workspaceId), inArray(services.id, serviceIds)));
    const known = new Set(found.map((row) => row.id));
    const missing = merged.serviceIds.findIndex((id) => !known.has(id));
    if (missing !== -1) throw validationFailed(`service_ids.${missing}`, `service_ids.${missing}: no service ${merged.serviceIds[missing]} in this workspace.`);
  } else if (sent.service_ids !== undefined && sent.service_ids.length > 0) {
    throw validationFailed("service_ids", "service_ids: only questions with applies_to selected_services take service_ids.");
  } else {
    serviceIds = [];
  }
  return { type: merged.type, options, appliesTo: merged.appliesTo, serviceIds };
}
