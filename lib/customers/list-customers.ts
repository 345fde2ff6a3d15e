import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { customers, type CustomerRow } from "@/lib/db/schema";
import { pageClauses, toPage, type PageResult } from "@/lib/db/pagination";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas";
import { notFound } from "@/lib/errors";
import type { ServiceContext } from "@/lib/context";
import type { Customer, ListCustomersQuery } from "./schemas";
import { toCustomer } from "./serialize";

type Ctx = Pick<ServiceContext, "db" | "workspace">;

const bookingsCount = sql<number>`(SELECT count(*)::int FROM bookings b WHERE b.customer_id = "customers"."id")`;

/** `q` as a LIKE pattern: its own % and _ match themselves. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A customer whose name or email contains `q`, case-insensitive. */
export function customerMatches(q: string): SQL | undefined {
  const pattern = likePattern(q);
  return or(ilike(customers.name, pattern), ilike(customers.email, pattern));
}

/** GET /v1/customers: newest first (ties by id), each with its bookings count. */
export async function listCustomers({ ctx, query }: { ctx: Ctx; query: ListCustomersQuery }): Promise<PageResult<Customer>> {
  const page = { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
  const { where, orderBy } = pageClauses({ createdAt: customers.createdAt, id: customers.id }, page);
  const rows: (CustomerRow & { bookingsCount: number })[] = await ctx.db
    .select({ ...customerColumns, bookingsCount })
    .from(customers)
    .where(and(eq(customers.workspaceId, ctx.workspace.id), query.q ? customerMatches(query.q) : undefined, where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  return toPage(rows, page, toCustomer);
}

/** GET /v1/customers/{id}: another workspace's customer is simply not found. */
export async function getCustomerOrThrow({ ctx, id }: { ctx: Ctx; id: string }): Promise<Customer> {
  const [row] = await ctx.db
    .select({ ...customerColumns, bookingsCount })
    .from(customers)
    .where(and(eq(customers.workspaceId, ctx.workspace.id), eq(customers.id, id)));
  if (!row) throw notFound("customer");
  return toCustomer(row);
}

const customerColumns = {
  id: customers.id,
  workspaceId: customers.workspaceId,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};
