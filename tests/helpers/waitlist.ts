import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { waitlistEntries, webhookDeliveries, type WaitlistEntryRow } from "@/lib/db/schema";
import { seal } from "@/lib/secrets/seal";
import { generateAccessToken, sha256Hex } from "@/lib/secrets/tokens";
import { BASE_URL, dispatch } from "./api";
import type { TestWorkspace } from "./fixtures";
import { currentDb } from "./test-db";

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

/** The path of a waitlist email's link (/waitlist/{token}?action=book or leave) in its text. */
export function linkIn(text: string, action: "book" | "leave"): string {
  const match = text.match(new RegExp(`https?://[^\\s/]+(/waitlist/[A-Za-z0-9_-]+\\?action=${action})`));
  expect(match, `a ${action} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}

/**
 * The one click of a link's page (app/(public)/waitlist/[token]): its form posted to
 * `/waitlist/{token}/respond`. Always 303: to the booking's manage page once the seat is booked,
 * else back to the link's page, which says what happened (the page itself is a browser's to
 * read: e2e/group-sessions.spec.ts).
 */
export async function clickLink(path: string): Promise<{ location: string }> {
  const url = new URL(`${BASE_URL}${path}`);
  const action = url.searchParams.get("action") ?? "book";
  const response = await dispatch(new Request(`${BASE_URL}${url.pathname}/respond`, { method: "POST", body: new URLSearchParams({ action }) }));
  expect(response.status).toBe(303);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return { location: response.headers.get("location")! };
}
