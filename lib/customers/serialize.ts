import type { CustomerRow } from "@/lib/db/schema";
import { toUtcIso } from "@/lib/time/zoned";
import type { BookingCustomer, Customer } from "./schemas";

export function toBookingCustomer(row: Pick<CustomerRow, "id" | "name" | "email" | "phone">): BookingCustomer {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone === "" ? null : row.phone };
}

export function toCustomer(row: CustomerRow & { bookingsCount: number }): Customer {
  return { ...toBookingCustomer(row), bookings_count: row.bookingsCount, created_at: toUtcIso(row.createdAt) };
}
