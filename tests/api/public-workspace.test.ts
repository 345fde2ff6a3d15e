import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { apiKeys, categories, questions, workspaces } from "@/lib/db/schema";
import { setClockOffset } from "@/lib/time/clock";
import { addCalendar, addService, offerService } from "../helpers/factories";

const WORKSPACE_FIELDS = [
  "address",
  "allow_staff_choice",
  "blurb",
  "booking_policy",
  "brand_color",
  "confirmation_note",
  "contact_email",
  "contact_phone",
  "currency",
  "instagram_url",
  "logo_dark_url",
  "logo_url",
  "maps_url",
  "name",
  "publishable_key",
  "refund_policy",
  "require_verification",
  "slug",
  "sms_enabled",
  "social_description",
  "social_title",
  "terms_url",
  "theme",
  "timezone",
  "vertical",
  "website_url",
];

let ipCounter = 0;
/** Each request from its own IP, so the shared keyless rate limit never interferes. */
const bootstrap = (slug: string, ip = `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`) =>
  api.get(`/v1/public/workspaces/${slug}`, { headers: { "X-Forwarded-For": ip } });

describe("GET /v1/public/workspaces/{slug}", () => {
  it("answers a fresh workspace with no key: exactly the spec's workspace fields, its pk and empty arrays", async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    const response = await bootstrap(ws.slug);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["categories", "questions", "services", "staff", "workspace"]);
    expect(Object.keys(response.body.workspace).sort()).toEqual(WORKSPACE_FIELDS);
    expect(response.body.workspace).toMatchObject({
      slug: ws.slug,
      timezone: "America/New_York",
      currency: "usd",
      publishable_key: ws.pk,
      require_verification: false,
      sms_enabled: false,
      allow_staff_choice: true,
      vertical: "general",
      blurb: null,
      refund_policy: null,
    });
    // The first calendar offers nothing yet, so no calendar can be chosen.
    expect(response.body).toMatchObject({ services: [], staff: [], categories: [], questions: [] });
  });

  it("lists only active services offered by an active calendar, and only calendars offering one of them", async () => {
    const ws = await newWorkspace();
    await currentDb().db.update(workspaces).set({ stripeAccountId: "acct_1Bootstrap" }).where(eq(workspaces.id, ws.id));
    const bookable = await addService(
      ws,
      { durationMinutes: 30, name: "Bookable", priceCents: 2_500, paymentMode: "deposit_percent", depositPercent: 25, description: "Wash & cut" },
      [],
    );
    const inactive = await addService(ws, { durationMinutes: 30, name: "Retired", active: false }, []);
    const orphan = await addService(ws, { durationMinutes: 30, name: "Nobody offers it" }, []);
    const onlyInactiveCalendar = await addService(ws, { durationMinutes: 30, name: "Only a retired calendar" }, []);
    const retiredCalendar = await addCalendar(ws, { hours: [], name: "Retired", active: false });
    const idleCalendar = await addCalendar(ws, { hours: [], name: "Idle" });
    const titled = await addCalendar(ws, { hours: [], name: "Kim", title: "Senior stylist", bio: "Ten years <b>cutting</b>" });
    await offerService(ws, bookable.id, ws.staffId);
    await offerService(ws, bookable.id, titled.id);
    await offerService(ws, inactive.id, idleCalendar.id);
    await offerService(ws, onlyInactiveCalendar.id, retiredCalendar.id);
    await offerService(ws, bookable.id, retiredCalendar.id);

    const response = await bootstrap(ws.slug);
    expect(response.status).toBe(200);
    expect(response.body.services).toEqual([
      {
        id: bookable.id,
        name: "Bookable",
        duration_minutes: 30,
        price_cents: 2_500,
        description: "Wash & cut",
        payment_mode: "deposit_percent",
        payment_amount_cents: 625,
        category_id: null,
        capacity: 1,
        repeat_max: 0,
        max_advance_days: 60,
        min_cancel_notice_minutes: 0,
        bookable: true,
      },
    ]);
    expect(response.body.services.map((s: { id: string }) => s.id)).not.toContain(orphan.id);
    expect(response.body.staff).toEqual([
      { id: ws.staffId, name: "Alex", title: null, bio: null },
      { id: titled.id, name: "Kim", title: "Senior stylist", bio: "Ten years <b>cutting</b>" },
    ]);
  });

  it("shows a misconfigured paid service with a null payment amount, not bookable", async () => {
    const ws = await newWorkspace();
    await currentDb().db.update(workspaces).set({ stripeAccountId: "acct_1Bootstrap" }).where(eq(workspaces.id, ws.id));
    const broken = await addService(ws, { name: "Cut", durationMinutes: 30, paymentMode: "full", priceCents: null }, []);
    await offerService(ws, broken.id, ws.staffId);
    const response = await bootstrap(ws.slug);
    expect(response.body.services).toEqual([expect.objectContaining({ id: broken.id, payment_mode: "full", payment_amount_cents: null, bookable: false })]);
  });

  it("marks a paid service bookable only once the business can take its payment (stripe_account_id)", async () => {
    const ws = await newWorkspace();
    const free = await addService(ws, { durationMinutes: 30, name: "Free" }, []);
    const paid = await addService(ws, { durationMinutes: 30, name: "Paid", paymentMode: "full", priceCents: 3_000 }, []);
    await offerService(ws, free.id, ws.staffId);
    await offerService(ws, paid.id, ws.staffId);
    const bookableById = async () =>
      Object.fromEntries((await bootstrap(ws.slug)).body.services.map((service: { id: string; bookable: boolean }) => [service.id, service.bookable]));
    expect(await bookableById()).toEqual({ [free.id]: true, [paid.id]: false });
    const patched = await api.patch("/v1/workspace", { key: ws.sk, body: { stripe_account_id: "acct_1NowConnected" } });
    expect(patched.status).toBe(200);
    expect(await bookableById()).toEqual({ [free.id]: true, [paid.id]: true });
  });

  it("returns plain-text settings exactly as stored", async () => {
    const ws = await newWorkspace();
    const blurb = `<script>alert("x")</script>\n  Café & "quotes" `;
    await currentDb()
      .db.update(workspaces)
      .set({ blurb, refundPolicy: "No refunds < 24h", confirmationNote: "  See you!  ", socialTitle: "<i>Hi</i>", contactEmail: "hi@example.com" })
      .where(eq(workspaces.id, ws.id));
    const response = await bootstrap(ws.slug);
    expect(response.body.workspace).toMatchObject({
      blurb,
      refund_policy: "No refunds < 24h",
      confirmation_note: "  See you!  ",
      social_title: "<i>Hi</i>",
      contact_email: "hi@example.com",
    });
  });

  it("gives the newest non-revoked publishable key, or null when none is usable", async () => {
    const ws = await newWorkspace();
    const minted = await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "pk", name: "Newer" } });
    expect((await bootstrap(ws.slug)).body.workspace.publishable_key).toBe(minted.body.key);

    await api.post(`/v1/api-keys/${minted.body.id}/revoke`, { key: ws.sk });
    expect((await bootstrap(ws.slug)).body.workspace.publishable_key).toBe(ws.pk);

    const keys = await api.get("/v1/api-keys", { key: ws.sk });
    for (const key of keys.body.data.filter((k: { type: string }) => k.type === "pk")) {
      await api.post(`/v1/api-keys/${key.id}/revoke`, { key: ws.sk });
    }
    const none = await bootstrap(ws.slug);
    expect(none.status).toBe(200);
    expect(none.body.workspace.publishable_key).toBeNull();
    expect(none.body.workspace.publishable_key).not.toBe(ws.sk);
  });

  it("orders categories by position then creation, and scopes questions to the listed services", async () => {
    const ws = await newWorkspace();
    const db = currentDb().db;
    const [late] = await db.insert(categories).values({ workspaceId: ws.id, name: "Late", position: 5 }).returning();
    const [first] = await db.insert(categories).values({ workspaceId: ws.id, name: "First", position: 1 }).returning();
    const [tieA] = await db
      .insert(categories)
      .values({ workspaceId: ws.id, name: "Tie A", position: 3, createdAt: new Date("2026-01-01T00:00:00Z") })
      .returning();
    const [tieB] = await db
      .insert(categories)
      .values({ workspaceId: ws.id, name: "Tie B", position: 3, createdAt: new Date("2026-01-02T00:00:00Z") })
      .returning();
    const listed = await addService(ws, { durationMinutes: 30, name: "Listed", categoryId: first!.id }, []);
    const hidden = await addService(ws, { durationMinutes: 30, name: "Hidden", active: false }, []);
    await offerService(ws, listed.id, ws.staffId);
    const [everyone] = await db.insert(questions).values({ workspaceId: ws.id, label: "Notes?", type: "long_text", position: 2 }).returning();
    const [scoped] = await db
      .insert(questions)
      .values({
        workspaceId: ws.id,
        label: "Colour?",
        type: "select",
        options: ["Red", "Blue"],
        required: true,
        appliesTo: "selected_services",
        serviceIds: [listed.id, hidden.id],
        position: 1,
      })
      .returning();
    await db
      .insert(questions)
      .values({ workspaceId: ws.id, label: "Only hidden", type: "text", appliesTo: "selected_services", serviceIds: [hidden.id], position: 0 });

    const response = await bootstrap(ws.slug);
    expect(response.body.categories).toEqual([
      { id: first!.id, name: "First", position: 1 },
      { id: tieA!.id, name: "Tie A", position: 3 },
      { id: tieB!.id, name: "Tie B", position: 3 },
      { id: late!.id, name: "Late", position: 5 },
    ]);
    expect(response.body.services[0].category_id).toBe(first!.id);
    expect(response.body.questions).toEqual([
      {
        id: scoped!.id,
        label: "Colour?",
        help_text: null,
        type: "select",
        options: ["Red", "Blue"],
        required: true,
        applies_to: "selected_services",
        service_ids: [listed.id],
        position: 1,
      },
      {
        id: everyone!.id,
        label: "Notes?",
        help_text: null,
        type: "long_text",
        options: [],
        required: false,
        applies_to: "all_services",
        service_ids: [],
        position: 2,
      },
    ]);
  });

  it("answers 404 for an unknown, malformed or deactivated slug, and finds a slug in any letter case", async () => {
    const ws = await newWorkspace();
    expectError(await bootstrap("no-such-studio"), 404, "not_found");
    expectError(await bootstrap("x".repeat(300)), 404, "not_found");
    expectError(await bootstrap(`${ws.slug}%00`), 404, "not_found");
    expectError(await bootstrap("caf%C3%A9"), 404, "not_found");
    expect((await bootstrap(ws.slug.toUpperCase())).status).toBe(200);
    await currentDb().db.update(workspaces).set({ active: false }).where(eq(workspaces.id, ws.id));
    expectError(await bootstrap(ws.slug), 404, "not_found");
  });

  it("needs no key, ignores one sent, and serves only GET", async () => {
    const ws = await newWorkspace();
    const withKey = await api.get(`/v1/public/workspaces/${ws.slug}`, { key: ws.sk, headers: { "X-Forwarded-For": "10.8.0.1" } });
    expect(withKey.status).toBe(200);
    expectError(await api.post(`/v1/public/workspaces/${ws.slug}`, { body: {} }), 405, "method_not_allowed");
  });

  it("is rate-limited to 30 keyless requests per minute per IP", async () => {
    const ws = await newWorkspace();
    const ip = "10.7.0.1";
    // Start just after a minute boundary so the fixed window cannot roll over mid-test.
    await setClockOffset(currentDb().db, Math.ceil(Date.now() / 60_000) * 60_000 + 1_000 - Date.now());
    for (let i = 0; i < 30; i++) expect((await bootstrap(ws.slug, ip)).status).toBe(200);
    expectError(await bootstrap(ws.slug, ip), 429, "rate_limited");
    expect((await bootstrap(ws.slug, "10.7.0.2")).status).toBe(200);
  });

  it("leaks nothing internal about another workspace's keys", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const response = await bootstrap(ws.slug);
    expect(JSON.stringify(response.body)).not.toContain(other.pk);
    expect(JSON.stringify(response.body)).not.toContain(ws.id);
    const rows = await currentDb().db.select().from(apiKeys).where(eq(apiKeys.workspaceId, ws.id));
    for (const row of rows) expect(JSON.stringify(response.body)).not.toContain(row.keyHash);
  });
});
