import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { waitlistEntries, webhookDeliveries, type WaitlistEntryRow } from "@/lib/db/schema";
import { seal } from "@/lib/secrets/seal";
import { generateAccessToken, sha256Hex } from "@/lib/secrets/tokens";
import type { TestWorkspace } from "./fixtures";
import { currentDb } from "./setup-file";

const db = () => currentDb().db;

/** A waiting entry written straight to the table (for routes that need one to exist). */
export async function seedWaitlistEntry(
  ws: TestWorkspace,
  fields: { serviceId: string; customerId: string; startsAt: Date; staffId?: string },
): Promise<WaitlistEntryRow & { token: string }> {
  const token = generateAccessToken();
  const [row] = await db()
    .insert(waitlistEntries)
    .values({
      workspaceId: ws.id,
      serviceId: fields.serviceId,
      staffId: fields.staffId ?? ws.staffId,
      customerId: fields.customerId,
      startsAt: fields.startsAt,
      tokenHash: sha256Hex(token),
      tokenSealed: seal(token),
    })
    .returning();
  if (!row) throw new Error("seedWaitlistEntry: no row");
  return { ...row, token };
}

/** The waitlist events written for a workspace, oldest first: [type, entry as sent]. */
export async function waitlistEventsOf(ws: TestWorkspace): Promise<{ type: string; entry: any }[]> {
  const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, ws.id)).orderBy(webhookDeliveries.createdAt);
  return rows.filter((row) => row.eventType.startsWith("waitlist.")).map((row) => ({ type: row.eventType, entry: (row.payload as any).data.waitlist_entry }));
}

/** The path of a link (…/v1/public/waitlist/{token}/book or /leave) in an email's text. */
export function linkIn(text: string, action: "book" | "leave"): string {
  const match = text.match(new RegExp(`https?://[^\\s]+(/v1/public/waitlist/[A-Za-z0-9_-]+/${action})`));
  expect(match, `a ${action} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}
