import type { ApiKeyRow } from "@/lib/db/schema";
import { toUtcIso, toUtcIsoOrNull } from "@/lib/time/zoned";
import type { ApiKey } from "./schemas";

/** `fullValue` is passed only when the key was just minted. */
export function toApiKey(row: ApiKeyRow, fullValue?: string): ApiKey {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    key: fullValue ?? (row.type === "pk" ? row.publishableValue : null),
    display_prefix: row.displayPrefix,
    revoked: row.revokedAt !== null,
    created_at: toUtcIso(row.createdAt),
    last_used_at: toUtcIsoOrNull(row.lastUsedAt),
    allowed_origins: row.allowedOrigins,
  };
}
