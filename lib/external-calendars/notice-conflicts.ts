import type { Tx } from "@/lib/db/client";
import type { ExternalCalendarRow } from "@/lib/db/schema";
import type { StoredBusy } from "./store-busy-times";

/** booking.external_conflict (stage 3): filled in below. */
export async function noticeConflicts(_tx: Tx, _source: ExternalCalendarRow, _added: StoredBusy[], _now: Date): Promise<void> {}
