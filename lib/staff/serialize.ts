import type { StaffRow, TimeOffRow, WorkingHoursRow } from "@/lib/db/schema";
import { toZonedIso } from "@/lib/time/zoned";
import type { Staff, StaffCustomer, TimeOff, WorkingHoursBlock } from "./schemas";

export function toStaff(row: StaffRow): Staff {
  return { id: row.id, name: row.name, title: row.title, bio: row.bio, active: row.active };
}

export function toStaffCustomer(row: StaffRow): StaffCustomer {
  return { id: row.id, name: row.name, title: row.title, bio: row.bio };
}

export function toWorkingHoursBlock(row: Pick<WorkingHoursRow, "weekday" | "startMinute" | "endMinute">): WorkingHoursBlock {
  return { weekday: row.weekday, start_minute: row.startMinute, end_minute: row.endMinute };
}

/** Time off is calendar time, so it is written in the workspace's offset like bookings. */
export function toTimeOff(row: TimeOffRow, timezone: string): TimeOff {
  return {
    id: row.id,
    staff_id: row.staffId,
    starts_at: toZonedIso(row.startsAt, timezone),
    ends_at: toZonedIso(row.endsAt, timezone),
    reason: row.reason,
  };
}
