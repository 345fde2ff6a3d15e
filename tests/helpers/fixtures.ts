import { expect } from "vitest";
import { createAccount } from "@/lib/accounts/create-account";
import type { PlanName } from "@/lib/plans/catalog";
import { api } from "./api";
import { currentDb } from "./test-db";

export type TestAccount = { id: string; accountKey: string };
export type TestWorkspace = {
  id: string;
  slug: string;
  timezone: string;
  accountKey: string;
  accountId: string;
  sk: string;
  pk: string;
  staffId: string;
};

let counter = 0;

export async function newAccount(plan: PlanName = "pro", planStep = 5): Promise<TestAccount> {
  const { account, accountKey } = await createAccount(currentDb().db, { name: `Test account ${++counter}`, plan, planStep });
  return { id: account.id, accountKey };
}

/** A fresh workspace on a fresh account, with a secret key, its hosted-pages pk and first calendar. */
export async function newWorkspace(
  options: { timezone?: string; plan?: PlanName; planStep?: number; name?: string; slotIntervalMinutes?: number } = {},
): Promise<TestWorkspace> {
  const account = await newAccount(options.plan ?? "pro", options.planStep ?? 5);
  return newWorkspaceOn(account, options);
}

export async function newWorkspaceOn(
  account: TestAccount,
  options: { timezone?: string; name?: string; slotIntervalMinutes?: number } = {},
): Promise<TestWorkspace> {
  const created = await api.post("/v1/account/workspaces", {
    key: account.accountKey,
    body: {
      name: options.name ?? `Studio ${++counter}`,
      timezone: options.timezone ?? "Europe/Paris",
      slot_interval_minutes: options.slotIntervalMinutes ?? 30,
      staff_name: "Alex",
      with_secret_key: true,
    },
  });
  expect(created.status).toBe(201);
  const keys = await api.get("/v1/api-keys", { key: created.body.secret_key });
  const pk = keys.body.data.find((key: { type: string }) => key.type === "pk");
  const { staff } = await import("@/lib/db/schema");
  const { eq } = await import("drizzle-orm");
  const [calendar] = await currentDb().db.select().from(staff).where(eq(staff.workspaceId, created.body.id));
  return {
    id: created.body.id,
    slug: created.body.slug,
    timezone: created.body.timezone,
    accountKey: account.accountKey,
    accountId: account.id,
    sk: created.body.secret_key,
    pk: pk.key,
    staffId: calendar!.id,
  };
}

/** The spec's error envelope with the given type (and param, when named). */
export function expectError(response: { status: number; body: any }, status: number, type: string, param?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.type).toBe(type);
  expect(typeof response.body.error.message).toBe("string");
  if (param !== undefined) expect(response.body.error.param).toBe(param);
}
