import type { ExternalCalendarRow } from "@/lib/db/schema";
import { toUtcIso, toUtcIsoOrNull } from "@/lib/time/zoned";
import type { ExternalCalendar } from "./schemas";

/** Never the address or the login: only the display hint of the address. */
export function toExternalCalendar(row: ExternalCalendarRow): ExternalCalendar {
  return {
    id: row.id,
    staff_id: row.staffId,
    kind: row.kind,
    display_url: row.displayUrl,
    name: row.name,
    status: row.status,
    last_synced_at: toUtcIsoOrNull(row.lastSyncedAt),
    last_success_at: toUtcIsoOrNull(row.lastSuccessAt),
    last_error: row.lastError,
    busy_count: row.busyCount,
    write_back: row.writeBack,
    created_at: toUtcIso(row.createdAt),
  };
}
