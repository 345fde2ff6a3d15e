import type { Queryable } from "@/lib/db/client";
import { apiKeys, type ApiKeyRow } from "@/lib/db/schema";
import { displayPrefix, generateKey, sha256Hex } from "@/lib/secrets/tokens";

export const HOSTED_PAGES_KEY_NAME = "Hosted pages";

/** Mints a key; the full value is returned once and stored only as a hash (pk also in clear). */
export async function mintApiKey(
  db: Queryable,
  input: { workspaceId: string; type: "sk" | "pk"; name?: string | null; now: Date },
): Promise<{ row: ApiKeyRow; value: string }> {
  const value = generateKey(input.type);
  const [row] = await db
    .insert(apiKeys)
    .values({
      workspaceId: input.workspaceId,
      type: input.type,
      name: input.name ?? null,
      keyHash: sha256Hex(value),
      publishableValue: input.type === "pk" ? value : null,
      displayPrefix: displayPrefix(value),
      lastFour: value.slice(-4),
      createdAt: input.now,
    })
    .returning();
  return { row: row!, value };
}
