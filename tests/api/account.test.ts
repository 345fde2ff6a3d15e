import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api } from "../helpers/api";
import { expectError, newAccount, newWorkspace, newWorkspaceOn } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { apiKeys, staff, workspaces } from "@/lib/db/schema";

describe("POST /v1/account/workspaces", () => {
  it("creates a workspace with one calendar, a Hosted pages publishable key and a one-time secret key", async () => {
    const account = await newAccount();
    const response = await api.post("/v1/account/workspaces", {
      key: account.accountKey,
      body: { name: "Café Zoë", timezone: "america/new_york", slot_interval_minutes: 15, staff_name: "Sam", with_secret_key: true },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: "Café Zoë",
      slug: expect.stringMatching(/^cafe-zoe/),
      timezone: "America/New_York",
      secret_key: expect.stringMatching(/^sk_[0-9A-Za-z]{32,}$/),
    });
    const db = currentDb().db;
    const calendars = await db.select().from(staff).where(eq(staff.workspaceId, response.body.id));
    expect(calendars.map((row) => [row.name, row.active])).toEqual([["Sam", true]]);
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.workspaceId, response.body.id));
    expect(keys.map((row) => [row.type, row.name]).sort()).toEqual([
      ["pk", "Hosted pages"],
      ["sk", null],
    ]);
    const [row] = await db.select().from(workspaces).where(eq(workspaces.id, response.body.id));
    expect(row!.slotIntervalMinutes).toBe(15);

    const listed = await api.get("/v1/account/workspaces", { key: account.accountKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([{ id: response.body.id, name: "Café Zoë", slug: response.body.slug, timezone: "America/New_York" }]);
  });

  it("omits secret_key unless asked, and gives taken slugs a suffix", async () => {
    const account = await newAccount();
    const first = await api.post("/v1/account/workspaces", { key: account.accountKey, body: { name: "Same Name", timezone: "UTC" } });
    const second = await api.post("/v1/account/workspaces", { key: account.accountKey, body: { name: "Same Name", timezone: "UTC" } });
    expect(first.status).toBe(201);
    expect(first.body).not.toHaveProperty("secret_key");
    expect(second.body.slug).not.toBe(first.body.slug);
    expect(second.body.slug).toMatch(/^same-name-/);
  });

  it("refuses a bad body with the field named", async () => {
    const account = await newAccount();
    expectError(await api.post("/v1/account/workspaces", { key: account.accountKey, body: { timezone: "UTC" } }), 422, "validation_failed", "name");
    expectError(
      await api.post("/v1/account/workspaces", { key: account.accountKey, body: { name: "x", timezone: "Mars/Olympus" } }),
      422,
      "validation_failed",
      "timezone",
    );
    expectError(
      await api.post("/v1/account/workspaces", { key: account.accountKey, body: { name: "x", timezone: "UTC", slot_interval_minutes: 0 } }),
      422,
      "validation_failed",
      "slot_interval_minutes",
    );
  });

  it("answers 402 with dimension, limit and used at the plan's workspace cap", async () => {
    const account = await newAccount("free", 1);
    await newWorkspaceOn(account);
    const refused = await api.post("/v1/account/workspaces", { key: account.accountKey, body: { name: "Second", timezone: "UTC" } });
    expectError(refused, 402, "plan_limit_exceeded");
    expect(refused.body.error).toMatchObject({ dimension: "workspaces", limit: 1, used: 1 });
  });

  it("answers 402 dimension staff when the account has no calendar left for the first one", async () => {
    // starter/2 allows 2 workspaces but 6 calendars: fill the calendars from the first workspace.
    const account = await newAccount("starter", 2);
    const ws = await newWorkspaceOn(account);
    await currentDb()
      .db.insert(staff)
      .values(["b", "c", "d", "e", "f"].map((name) => ({ workspaceId: ws.id, name })));
    const refused = await api.post("/v1/account/workspaces", { key: account.accountKey, body: { name: "Second", timezone: "UTC" } });
    expectError(refused, 402, "plan_limit_exceeded");
    expect(refused.body.error).toMatchObject({ dimension: "staff", limit: 6, used: 6 });
  });
});

describe("POST /v1/account/workspaces/{id}/keys", () => {
  it("mints secret and publishable keys with names", async () => {
    const ws = await newWorkspace();
    const sk = await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "sk", name: "Server" } });
    expect(sk.status).toBe(201);
    expect(sk.body).toMatchObject({ type: "sk", name: "Server", revoked: false, allowed_origins: [], last_used_at: null });
    expect(sk.body.key).toMatch(/^sk_/);
    expect(sk.body.display_prefix).toBe(sk.body.key.slice(0, 12));
    const pk = await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "pk" } });
    expect(pk.body).toMatchObject({ type: "pk", name: null });
    const works = await api.get("/v1/api-keys", { key: sk.body.key });
    expect(works.status).toBe(200);
  });

  it("refuses names over 100 characters and unknown types", async () => {
    const ws = await newWorkspace();
    expectError(
      await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "sk", name: "x".repeat(101) } }),
      422,
      "validation_failed",
      "name",
    );
    expectError(await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "ak" } }), 422, "validation_failed", "type");
    const ok = await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "sk", name: "x".repeat(100) } });
    expect(ok.status).toBe(201);
  });

  it("answers 404 for another account's workspace and creates nothing", async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const before = await currentDb().db.select().from(apiKeys).where(eq(apiKeys.workspaceId, theirs.id));
    expectError(await api.post(`/v1/account/workspaces/${theirs.id}/keys`, { key: mine.accountKey, body: { type: "sk" } }), 404, "not_found");
    expectError(await api.post(`/v1/account/workspaces/not-a-uuid/keys`, { key: mine.accountKey, body: { type: "sk" } }), 404, "not_found");
    const after = await currentDb().db.select().from(apiKeys).where(eq(apiKeys.workspaceId, theirs.id));
    expect(after).toHaveLength(before.length);
  });
});

describe("GET /v1/account/usage", () => {
  it("reports plan, period, caps and usage", async () => {
    const account = await newAccount("starter", 2);
    await newWorkspaceOn(account);
    const usage = await api.get("/v1/account/usage", { key: account.accountKey });
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      plan: "starter",
      plan_step: 2,
      period_start: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      period_end: expect.stringMatching(/^\d{4}-\d{2}-(28|29|30|31)$/),
      bookings_this_month: 0,
      active_workspaces: 1,
      max_active_workspaces: 2,
      staff: 1,
      max_staff: 6,
      monthly_sms_credits: 250,
      sms_credits_remaining: 250,
      sms_topup_balance: 0,
      extra_locations: 0,
    });
  });
});
