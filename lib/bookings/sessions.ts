import { createHash } from "node:crypto";
import type { ServiceRow } from "@/lib/db/schema";
import { isGroupService } from "@/lib/availability/service-rules";
import { isPgError, PG_CHECK_VIOLATION } from "@/lib/db/errors";

/** The CHECK that keeps a session within its capacity (migration group_sessions_guarantees). */
export const SEATS_CONSTRAINT = "booking_sessions_seats_within_capacity";

/**
 * The session a booking of `service` at `startsAt` on `staffId` holds a seat in, or null for a
 * capacity-1 service. Derived, not looked up: every writer of that start on that calendar, on
 * any instance, names the same `booking_sessions` row, whose seat count the database keeps
 * (see docs/group-sessions.md).
 */
export function sessionIdFor(service: Pick<ServiceRow, "id" | "capacity">, staffId: string, startsAt: Date): string | null {
  if (!isGroupService(service)) return null;
  const hex = createHash("sha256").update(`${staffId}|${service.id}|${startsAt.getTime()}`).digest("hex");
  // Shaped as an RFC 9562 version-8 (custom) UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The seat past a session's capacity was refused by the database. */
export function isSessionFull(error: unknown): boolean {
  return isPgError(error, PG_CHECK_VIOLATION, SEATS_CONSTRAINT);
}
