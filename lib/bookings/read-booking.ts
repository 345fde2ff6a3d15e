import type { ServiceContext } from "@/lib/context";
import type { BookingRow } from "@/lib/db/schema";
import { loadAnswersOf } from "@/lib/booking-details/answers";
import type { Booking } from "./schemas";
import { toBooking } from "./serialize";

/** The Booking resource of a row just read or changed, with its answers (one more query). */
export async function readBooking(ctx: Pick<ServiceContext, "db" | "workspace" | "clock">, row: BookingRow): Promise<Booking> {
  return toBooking(row, { timezone: ctx.workspace.timezone, now: ctx.clock.now(), answers: await loadAnswersOf(ctx.db, row.id) });
}
