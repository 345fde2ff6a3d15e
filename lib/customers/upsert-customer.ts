import { sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { customers, type CustomerRow } from "@/lib/db/schema";
import type { CustomerInput } from "./schemas";

/**
 * One customer per workspace and lower-cased email. The latest booking's name and phone win:
 * a booking made without a phone means "email only" for that customer from now on.
 */
export async function upsertCustomer(tx: Queryable, input: { workspaceId: string; customer: CustomerInput; now: Date }): Promise<CustomerRow> {
  const values = {
    workspaceId: input.workspaceId,
    name: input.customer.name,
    email: normalizeEmail(input.customer.email),
    phone: input.customer.phone ?? "",
    updatedAt: input.now,
  };
  const [row] = await tx
    .insert(customers)
    .values({ ...values, createdAt: input.now })
    .onConflictDoUpdate({
      target: [customers.workspaceId, customers.email],
      set: { name: sql`excluded.name`, phone: sql`excluded.phone`, updatedAt: sql`excluded.updated_at` },
    })
    .returning();
  return row!;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
