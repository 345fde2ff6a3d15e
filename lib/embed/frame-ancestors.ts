import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { apiKeys, workspaces } from "@/lib/db/schema";
import { normalizeOrigin } from "@/lib/booking-pages/embed-protocol";

/**
 * The origins allowed to frame /embed/{slug}: the app's own origin plus the allowed_origins
 * of the publishable key the booking page uses (the newest usable pk, the same key the
 * public bootstrap hands out). Unknown or inactive slug: the app's origin only.
 */
export async function listFrameAncestors(db: Queryable, input: { slug: string; appOrigin: string }): Promise<string[]> {
  const [key] = await db
    .select({ allowedOrigins: apiKeys.allowedOrigins })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(
      and(
        eq(workspaces.slug, input.slug.toLowerCase()),
        eq(workspaces.active, true),
        eq(apiKeys.type, "pk"),
        isNull(apiKeys.revokedAt),
        isNotNull(apiKeys.publishableValue),
      ),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(1);
  return dedupeOrigins([input.appOrigin, ...(key?.allowedOrigins ?? [])]);
}

/** Only exact http(s) origins reach the header: a stored value can never inject a CSP token. */
export function dedupeOrigins(values: string[]): string[] {
  const origins = values.map((value) => normalizeOrigin(value)).filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}

export function frameAncestorsHeader(origins: string[]): string {
  return `frame-ancestors 'self' ${dedupeOrigins(origins).join(" ")}`.trim();
}
