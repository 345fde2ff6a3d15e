import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { waitlistEntries, webhookDeliveries, type WaitlistEntryRow } from "@/lib/db/schema";
import { seal } from "@/lib/secrets/seal";
import { generateAccessToken, sha256Hex } from "@/lib/secrets/tokens";
import { BASE_URL, dispatch } from "./api";
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

/** The path of a waitlist email's link (/waitlist/{token}?action=book or leave) in its text. */
export function linkIn(text: string, action: "book" | "leave"): string {
  const match = text.match(new RegExp(`https?://[^\\s/]+(/waitlist/[A-Za-z0-9_-]+\\?action=${action})`));
  expect(match, `a ${action} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}

/** Opens a link page (GET): it must change nothing, and shows its one button. */
export async function openLink(path: string): Promise<string> {
  const response = await dispatch(new Request(`${BASE_URL}${path}`));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/html");
  return response.text();
}

/**
 * The one click of a link page: its form posted to the same address. Answers the page after, or,
 * once the seat is booked, where the link now leads (303 to the booking's manage page).
 */
export async function clickLink(path: string): Promise<{ page: string; location: string | null }> {
  const action = new URL(`${BASE_URL}${path}`).searchParams.get("action") ?? "book";
  const response = await dispatch(new Request(`${BASE_URL}${path}`, { method: "POST", body: new URLSearchParams({ action }) }));
  const location = response.headers.get("location");
  expect(response.status).toBe(location === null ? 200 : 303);
  return { page: await response.text(), location };
}
