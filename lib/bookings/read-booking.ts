import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { customers, type BookingRow } from "@/lib/db/schema";
import { loadAnswersOf } from "@/lib/booking-details/answers";
import { toBookingCustomer } from "@/lib/customers/serialize";
import type { Booking } from "./schemas";
import { toBooking } from "./serialize";

/** The secret-key Booking resource of a row just read or changed, with its answers and its customer. */
export async function readBooking(ctx: Pick<ServiceContext, "db" | "workspace" | "clock">, row: BookingRow): Promise<Booking> {
  const [answers, [customer]] = await Promise.all([loadAnswersOf(ctx.db, row.id), ctx.db.select().from(customers).where(eq(customers.id, row.customerId))]);
  return toBooking(row, { timezone: ctx.workspace.timezone, now: ctx.clock.now(), answers, customer: customer ? toBookingCustomer(customer) : undefined });
}
