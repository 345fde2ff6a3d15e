import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { bookings, customers, outboxMessages, services, staff } from "@/lib/db/schema";
import { setClockOffset } from "@/lib/time/clock";

const FULL_PATCH = {
  name: "Studio North",
  timezone: "Asia/Kolkata",
  currency: "EUR",
  slot_interval_minutes: 45,
  require_verification: true,
  sms_enabled: true,
  allow_staff_choice: false,
  vertical: "salon",
  language: "fr",
  booking_policy: "Arrive 5 minutes early.",
  contact_email: "hello@studio.example",
  notification_email: "desk@studio.example",
  contact_phone: "+14155550123",
  blurb: "<b>Cuts</b> & colour",
  terms_url: "https://studio.example/terms",
  website_url: "http://studio.example",
  instagram_url: "https://instagram.com/studio",
  maps_url: "https://maps.example/?q=studio",
  confirmation_note: "See you soon!\nBring a mask.",
  social_title: "Studio North",
  social_description: "Book a cut",
  refund_policy: "Deposits are refunded up to 24 hours before.",
  stripe_account_id: "acct_1TestAccount",
};

describe("GET /v1/workspace", () => {
  it("reads every setting with a new workspace's defaults", async () => {
    const ws = await newWorkspace({ timezone: "America/New_York", slotIntervalMinutes: 15 });
    const response = await api.get("/v1/workspace", { key: ws.sk });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: ws.id,
      name: expect.any(String),
      slug: ws.slug,
      timezone: "America/New_York",
      currency: "usd",
      slot_interval_minutes: 15,
      require_verification: false,
      sms_enabled: false,
      allow_staff_choice: true,
      vertical: "general",
      language: "en",
      booking_policy: null,
      contact_email: null,
      notification_email: null,
      contact_phone: null,
      blurb: null,
      terms_url: null,
      website_url: null,
      instagram_url: null,
      maps_url: null,
      address: null,
      confirmation_note: null,
      social_title: null,
      social_description: null,
      refund_policy: null,
      stripe_account_id: null,
      reminders: [{ minutes_before: 1440, channels: ["email"] }],
      brand_color: null,
      logo_url: null,
      logo_dark_url: null,
      theme: "auto",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
    });
  });

  itEnforcesAuth("workspace settings and usage", async () => {
    const ws = await newWorkspace();
    return [
      { method: "GET", path: "/v1/workspace", owner: ws },
      { method: "PATCH", path: "/v1/workspace", owner: ws, body: { name: "Hijacked" } },
      { method: "GET", path: "/v1/usage", owner: ws },
    ];
  });
});

describe("PATCH /v1/workspace", () => {
  it("sets every field, normalises currency and timezone, and the booking page shows the change", async () => {
    const ws = await newWorkspace();
    const response = await api.patch("/v1/workspace", { key: ws.sk, body: { ...FULL_PATCH, timezone: "Asia/Kolkata" } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...FULL_PATCH, currency: "eur", timezone: "Asia/Kolkata" });
    expect((await api.get("/v1/workspace", { key: ws.sk })).body).toEqual(response.body);

    const page = await api.get(`/v1/public/workspaces/${ws.slug}`, { headers: { "X-Forwarded-For": "10.1.0.1" } });
    expect(page.body.workspace).toMatchObject({
      name: "Studio North",
      require_verification: true,
      sms_enabled: true,
      allow_staff_choice: false,
      vertical: "salon",
      blurb: "<b>Cuts</b> & colour",
      confirmation_note: "See you soon!\nBring a mask.",
      refund_policy: FULL_PATCH.refund_policy,
    });
    expect(page.body.workspace).not.toHaveProperty("stripe_account_id");
  });

  it("is partial: omitted fields keep their value, null clears, an empty body changes nothing, unknown fields are ignored", async () => {
    const ws = await newWorkspace();
    await api.patch("/v1/workspace", { key: ws.sk, body: FULL_PATCH });
    const renamed = await api.patch("/v1/workspace", { key: ws.sk, body: { name: "Renamed", blurb: null, terms_url: null, colour: "red" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ ...FULL_PATCH, currency: "eur", name: "Renamed", blurb: null, terms_url: null });
    expect(renamed.body).not.toHaveProperty("colour");
    const unchanged = await api.patch("/v1/workspace", { key: ws.sk, body: {} });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual(renamed.body);
  });

  it("changes the slug (lowercased), keeps its own slug, and answers 409 conflict for a taken one", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const mine = `Studio-${ws.id.slice(0, 8)}`;
    const changed = await api.patch("/v1/workspace", { key: ws.sk, body: { slug: mine } });
    expect(changed.status).toBe(200);
    expect(changed.body.slug).toBe(mine.toLowerCase());
    expect((await api.get(`/v1/public/workspaces/${mine.toLowerCase()}`, { headers: { "X-Forwarded-For": "10.1.0.2" } })).status).toBe(200);
    expect((await api.get(`/v1/public/workspaces/${ws.slug}`, { headers: { "X-Forwarded-For": "10.1.0.2" } })).status).toBe(404);

    expect((await api.patch("/v1/workspace", { key: ws.sk, body: { slug: mine.toLowerCase() } })).status).toBe(200);
    const taken = await api.patch("/v1/workspace", { key: ws.sk, body: { slug: other.slug, name: "Should not stick" } });
    expectError(taken, 409, "conflict");
    const after = await api.get("/v1/workspace", { key: ws.sk });
    expect(after.body.slug).toBe(mine.toLowerCase());
    expect(after.body.name).not.toBe("Should not stick");
  });

  it.each([
    ["slug", "has spaces"],
    ["slug", "-leading"],
    ["slug", "x".repeat(65)],
    ["slug", ""],
    ["name", ""],
    ["name", null],
    ["name", "x".repeat(201)],
    ["timezone", "Mars/Olympus"],
    ["timezone", "+02:00"],
    ["currency", "xyz"],
    ["currency", 978],
    ["slot_interval_minutes", 0],
    ["slot_interval_minutes", -15],
    ["slot_interval_minutes", 7],
    ["slot_interval_minutes", 12.5],
    ["slot_interval_minutes", 725],
    ["slot_interval_minutes", "30"],
    ["slot_interval_minutes", null],
    ["require_verification", "yes"],
    ["sms_enabled", null],
    ["allow_staff_choice", 1],
    ["vertical", "Hair Salon"],
    ["vertical", null],
    ["language", "it"],
    ["language", "fr-FR"],
    ["language", "EN"],
    ["language", null],
    ["contact_email", "not-an-email"],
    ["notification_email", "not-an-email"],
    ["notification_email", "desk@"],
    ["notification_email", 42],
    ["contact_phone", "0123"],
    ["terms_url", "javascript:alert(1)"],
    ["website_url", "ftp://studio.example"],
    ["instagram_url", "instagram.com/studio"],
    ["maps_url", "data:text/html,hi"],
    ["blurb", "x".repeat(2_001)],
    ["refund_policy", 42],
    ["stripe_account_id", "sk_live_nope"],
  ])("refuses %s = %j with 422 naming the field", async (field, value) => {
    const ws = await newWorkspace();
    const before = await api.get("/v1/workspace", { key: ws.sk });
    expectError(await api.patch("/v1/workspace", { key: ws.sk, body: { [field]: value } }), 422, "validation_failed", field);
    expect((await api.get("/v1/workspace", { key: ws.sk })).body).toEqual(before.body);
  });

  it("stores the timezone in its canonical spelling without swapping current names for legacy links", async () => {
    const ws = await newWorkspace();
    expect((await api.patch("/v1/workspace", { key: ws.sk, body: { timezone: "europe/paris" } })).body.timezone).toBe("Europe/Paris");
    expect((await api.patch("/v1/workspace", { key: ws.sk, body: { timezone: "Asia/Kolkata" } })).body.timezone).toBe("Asia/Kolkata");
    expect((await api.patch("/v1/workspace", { key: ws.sk, body: { timezone: "Europe/Kyiv" } })).body.timezone).toBe("Europe/Kyiv");
  });

  it("accepts slot intervals that are multiples of 5 from 5 to 720", async () => {
    const ws = await newWorkspace();
    for (const minutes of [5, 25, 45, 90, 720]) {
      const response = await api.patch("/v1/workspace", { key: ws.sk, body: { slot_interval_minutes: minutes } });
      expect(response.status).toBe(200);
      expect(response.body.slot_interval_minutes).toBe(minutes);
    }
  });

  it("refuses a body that is not an object", async () => {
    const ws = await newWorkspace();
    expectError(await api.patch("/v1/workspace", { key: ws.sk, body: ["name"] }), 422, "validation_failed");
    expectError(
      await api.patch("/v1/workspace", { key: ws.sk, rawBody: "{not json", headers: { "Content-Type": "application/json" } }),
      422,
      "validation_failed",
    );
  });
});

describe("GET /v1/usage", () => {
  it("reports this workspace's period, confirmed bookings, active calendars and SMS, and no caps", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const db = currentDb().db;
    // Pin the clock mid-month so the period is known.
    await setClockOffset(db, new Date("2026-03-15T12:00:00Z").getTime() - Date.now());

    const fresh = await api.get("/v1/usage", { key: ws.sk });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ period_start: "2026-03-01", period_end: "2026-03-31", bookings_this_month: 0, staff: 1, sms_sent_this_month: 0 });

    await db.insert(staff).values([
      { workspaceId: ws.id, name: "Two" },
      { workspaceId: ws.id, name: "Off", active: false },
    ]);
    const sms = (workspaceId: string, createdAt: string, status: "pending" | "sent" | "failed" = "sent") => ({
      workspaceId,
      channel: "sms" as const,
      to: "+14155550123",
      text: "Your code",
      status,
      createdAt: new Date(createdAt),
    });
    await db
      .insert(outboxMessages)
      .values([
        sms(ws.id, "2026-03-02T00:00:00Z"),
        sms(ws.id, "2026-03-10T00:00:00Z", "pending"),
        sms(ws.id, "2026-03-11T00:00:00Z", "failed"),
        sms(ws.id, "2026-02-28T23:59:59Z"),
        sms(other.id, "2026-03-05T00:00:00Z"),
        { workspaceId: ws.id, channel: "email", to: "a@example.com", text: "Hi", createdAt: new Date("2026-03-05T00:00:00Z") },
      ]);

    const [service] = await db.insert(services).values({ workspaceId: ws.id, name: "Cut", durationMinutes: 30 }).returning();
    const [customer] = await db.insert(customers).values({ workspaceId: ws.id, name: "Ada", email: "ada@example.com" }).returning();
    const booking = (startsAt: string, confirmedAt: string | null, status: "confirmed" | "pending") => ({
      workspaceId: ws.id,
      serviceId: service!.id,
      staffId: ws.staffId,
      customerId: customer!.id,
      startsAt: new Date(startsAt),
      endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000),
      occupiedStart: new Date(startsAt),
      occupiedEnd: new Date(new Date(startsAt).getTime() + 30 * 60_000),
      status,
      createdVia: "sk" as const,
      confirmedAt: confirmedAt ? new Date(confirmedAt) : null,
    });
    await db
      .insert(bookings)
      .values([
        booking("2026-03-20T10:00:00Z", "2026-03-03T00:00:00Z", "confirmed"),
        booking("2026-03-20T11:00:00Z", "2026-02-27T00:00:00Z", "confirmed"),
        booking("2026-03-20T12:00:00Z", null, "pending"),
      ]);

    const used = await api.get("/v1/usage", { key: ws.sk });
    expect(used.body).toEqual({ period_start: "2026-03-01", period_end: "2026-03-31", bookings_this_month: 1, staff: 2, sms_sent_this_month: 2 });
    expect(used.body).not.toHaveProperty("max_staff");
  });
});
