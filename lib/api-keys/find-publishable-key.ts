import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";

/**
 * The key the hosted pages book with: the workspace's newest live publishable key whose
 * value is stored; null when there is none (the pages then cannot book or reschedule).
 */
export async function findPublishableKey(db: Queryable, workspaceId: string): Promise<string | null> {
  const [key] = await db
    .select({ value: apiKeys.publishableValue })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.type, "pk"), isNull(apiKeys.revokedAt), isNotNull(apiKeys.publishableValue)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(1);
  return key?.value ?? null;
}
