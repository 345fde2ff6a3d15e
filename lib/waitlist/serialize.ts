import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { workspaces, type WaitlistEntryRow } from "@/lib/db/schema";
import { toUtcIso, toUtcIsoOrNull, toZonedIso } from "@/lib/time/zoned";
import type { WaitlistEntry } from "./schemas";

/** The public WaitlistEntry; `position` is counted by the reader (./read-entries.ts), null once the entry no longer waits. */
export function toWaitlistEntry(row: WaitlistEntryRow, view: { timezone: string; position: number | null }): WaitlistEntry {
  return {
    id: row.id,
    service_id: row.serviceId,
    staff_id: row.staffId,
    starts_at: toZonedIso(row.startsAt, view.timezone),
    status: row.status,
    position: row.status === "waiting" ? view.position : null,
    booking_id: row.offeredBookingId,
    offer_expires_at: row.status === "offered" ? toUtcIsoOrNull(row.offerExpiresAt) : null,
    created_at: toUtcIso(row.createdAt),
  };
}

/** A token route's answer: the entry in its workspace's zone (the caller has no workspace of its own). */
export async function toPublicWaitlistEntry(db: Queryable, entry: { row: WaitlistEntryRow; position: number | null }): Promise<WaitlistEntry> {
  const [workspace] = await db.select({ timezone: workspaces.timezone }).from(workspaces).where(eq(workspaces.id, entry.row.workspaceId));
  if (!workspace) throw new Error("waitlist: the entry's workspace is missing");
  return toWaitlistEntry(entry.row, { timezone: workspace.timezone, position: entry.position });
}
