import { and, eq } from "drizzle-orm";
import { checkSlot, pickCandidateCalendars, type SlotCheck } from "@/lib/availability/check-slot";
import { isServiceBookable } from "@/lib/availability/service-rules";
import type { Queryable } from "@/lib/db/client";
import { serviceStaff, services, staff, type ServiceRow, type WorkspaceRow } from "@/lib/db/schema";
import { DomainError, slotUnavailable, validationFailed } from "@/lib/errors";

/** Who asks: a customer (publishable key or manage token) may name a calendar only when the workspace allows it. */
export type Requester = "sk" | "pk" | "customer";

/** A service of this workspace that can be booked; anything else is a 422 naming service_id. */
export async function loadBookableService(db: Queryable, scope: { workspaceId: string; serviceId: string }): Promise<ServiceRow> {
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, scope.serviceId), eq(services.workspaceId, scope.workspaceId)));
  return assertBookableService(service);
}

export function assertBookableService(service: ServiceRow | undefined): ServiceRow {
  if (!service) throw validationFailed("service_id", "service_id names no service of this workspace.");
  if (!isServiceBookable(service)) throw validationFailed("service_id", "This service cannot be booked at the moment.");
  return service;
}

export type ResolveCalendarsInput = {
  db: Queryable;
  workspace: WorkspaceRow;
  service: ServiceRow;
  startsAt: Date;
  now: Date;
  requester: Requester;
  /** The calendar asked for; absent or null lets the service choose (or keeps `keepStaffId`). */
  staffId?: string | null;
  /** Rescheduling: the booking's own calendar, kept when no staff_id is given. */
  keepStaffId?: string;
  excludeBookingId?: string;
};

/**
 * The calendars that can take `startsAt`, in the order to try them (fairest first when the
 * service chooses). Refusals follow the availability check: taken → 409 slot_unavailable,
 * outside the hours → 422 outside_working_hours, anything else not offered → 422 starts_at.
 */
export async function resolveCalendars(input: ResolveCalendarsInput): Promise<string[]> {
  const slot = {
    db: input.db,
    workspace: input.workspace,
    service: input.service,
    startsAt: input.startsAt,
    now: input.now,
    excludeBookingId: input.excludeBookingId,
  };
  if (input.staffId !== undefined && input.staffId !== null) {
    if (input.requester !== "sk" && !input.workspace.allowStaffChoice) {
      throw validationFailed("staff_id", "This workspace chooses the calendar; send no staff_id.");
    }
    await assertCalendarOffersService(input.db, { workspaceId: input.workspace.id, serviceId: input.service.id, staffId: input.staffId });
    assertOpen(await checkSlot({ ...slot, staffId: input.staffId }));
    return [input.staffId];
  }
  if (input.keepStaffId) {
    assertOpen(await checkSlot({ ...slot, staffId: input.keepStaffId }));
    return [input.keepStaffId];
  }
  const candidates = await pickCandidateCalendars(slot);
  if (candidates.staffIds.length > 0) return candidates.staffIds;
  assertOpen(candidates.refusal ?? "not_offered");
  return candidates.staffIds;
}

async function assertCalendarOffersService(db: Queryable, scope: { workspaceId: string; serviceId: string; staffId: string }) {
  const [row] = await db
    .select({ active: staff.active, offers: serviceStaff.serviceId })
    .from(staff)
    .leftJoin(serviceStaff, and(eq(serviceStaff.staffId, staff.id), eq(serviceStaff.serviceId, scope.serviceId)))
    .where(and(eq(staff.id, scope.staffId), eq(staff.workspaceId, scope.workspaceId)));
  if (!row) throw validationFailed("staff_id", "staff_id names no calendar of this workspace.");
  if (!row.active) throw validationFailed("staff_id", "This calendar is not active.");
  if (row.offers === null) throw validationFailed("staff_id", "This calendar does not offer this service.");
}

function assertOpen(check: SlotCheck): void {
  if (check === "ok") return;
  if (check === "booked" || check === "closed" || check === "full") throw slotUnavailable(check);
  if (check === "outside_working_hours") {
    throw new DomainError("outside_working_hours", "That time is outside the calendar's working hours.", { param: "starts_at" });
  }
  throw validationFailed("starts_at", "starts_at is not an offered slot for this service; read GET /v1/availability.");
}
