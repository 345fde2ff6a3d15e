import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newAccount, newWorkspace, newWorkspaceOn } from "../helpers/fixtures";
import { addCalendar, addService, seedBooking } from "../helpers/factories";

/** docs/console.md: what the console reads and writes, offered to every integrator. */

describe("members: /v1/account/members (AK)", () => {
  it("adds, lists, changes and removes members; the last owner is kept (409)", async () => {
    const account = await newAccount();
    const key = account.accountKey;
    const owner = await api.post("/v1/account/members", { key, body: { email: "Owner@Salon.Example", role: "owner" } });
    expect(owner.status).toBe(201);
    expect(owner.body).toEqual({ id: expect.any(String), email: "owner@salon.example", role: "owner", created_at: expect.any(String), last_sign_in_at: null });
    const staff = await api.post("/v1/account/members", { key, body: { email: "sam@salon.example", role: "staff" } });
    expect(staff.status).toBe(201);
    expectError(await api.post("/v1/account/members", { key, body: { email: "SAM@salon.example", role: "owner" } }), 409, "conflict");
    expectError(await api.post("/v1/account/members", { key, body: { email: "not an email", role: "staff" } }), 422, "validation_failed", "email");
    expectError(await api.post("/v1/account/members", { key, body: { email: "x@salon.example", role: "admin" } }), 422, "validation_failed", "role");
    expect((await api.get("/v1/account/members", { key })).body.data.map((m: { email: string }) => m.email)).toEqual([
      "owner@salon.example",
      "sam@salon.example",
    ]);

    expectError(await api.patch(`/v1/account/members/${owner.body.id}`, { key, body: { role: "staff" } }), 409, "conflict");
    expectError(await api.delete(`/v1/account/members/${owner.body.id}`, { key }), 409, "conflict");
    const promoted = await api.patch(`/v1/account/members/${staff.body.id}`, { key, body: { role: "owner" } });
    expect(promoted.body).toEqual({ ...staff.body, role: "owner" });
    const demoted = await api.patch(`/v1/account/members/${owner.body.id}`, { key, body: { role: "staff" } });
    expect(demoted.body.role).toBe("staff");
    expect((await api.delete(`/v1/account/members/${owner.body.id}`, { key })).body).toEqual(demoted.body);
    expect((await api.get("/v1/account/members", { key })).body.data).toEqual([promoted.body]);
  });

  it("never reaches another account's member (404)", async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const member = await api.post("/v1/account/members", { key: theirs.accountKey, body: { email: "them@example.com", role: "staff" } });
    for (const id of [member.body.id, "x", "4f1c1d8e-0000-4000-8000-000000000000"]) {
      expectError(await api.patch(`/v1/account/members/${id}`, { key: mine.accountKey, body: { role: "owner" } }), 404, "not_found");
      expectError(await api.delete(`/v1/account/members/${id}`, { key: mine.accountKey }), 404, "not_found");
    }
    expect((await api.get("/v1/account/members", { key: mine.accountKey })).body.data).toEqual([]);
  });
});

describe("GET /v1/bookings: the customer and the filters", () => {
  async function salon() {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const cut = await addService(ws, { name: "Cut", durationMinutes: 30 });
    const colour = await addService(ws, { name: "Colour", durationMinutes: 60 });
    const robin = await addCalendar(ws, { name: "Robin" });
    // 29 March 2026 is the spring-forward day in Paris: the day is 23 hours long.
    const ada = await seedBooking(ws, {
      startsAt: new Date("2026-03-29T08:00:00Z"),
      serviceId: cut.id,
      customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+33612345678" },
    });
    const grace = await seedBooking(ws, {
      startsAt: new Date("2026-03-29T07:00:00Z"),
      serviceId: colour.id,
      staffId: robin.id,
      customer: { name: "Grace Hopper", email: "grace@navy.example" },
    });
    const gone = await seedBooking(ws, {
      startsAt: new Date("2026-03-29T21:30:00Z"),
      serviceId: cut.id,
      status: "cancelled",
      customer: { name: "Alan 100%_Turing", email: "alan@example.com" },
    });
    const nextDay = await seedBooking(ws, {
      startsAt: new Date("2026-03-29T22:00:00Z"),
      serviceId: cut.id,
      customer: { name: "Ada Lovelace", email: "ada@example.com" },
    });
    return { ws, cut, colour, robin, ada, grace, gone, nextDay };
  }
  const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((b) => b.id);

  it("carries the customer {id, name, email, phone} on every secret-key booking answer", async () => {
    const { ws, ada, grace } = await salon();
    const one = await api.get(`/v1/bookings/${ada.booking.id}`, { key: ws.sk });
    expect(one.body.customer).toEqual({ id: ada.customerId, name: "Ada Lovelace", email: "ada@example.com", phone: "+33612345678" });
    expect(one.body.customer_id).toBe(ada.customerId);
    const listed = await api.get("/v1/bookings", { key: ws.sk });
    expect(listed.body.data.find((b: { id: string }) => b.id === grace.booking.id).customer).toEqual({
      id: grace.customerId,
      name: "Grace Hopper",
      email: "grace@navy.example",
      phone: null,
    });
    const cancelled = await api.post(`/v1/bookings/${ada.booking.id}/cancel`, { key: ws.sk, body: {} });
    expect(cancelled.body.customer.name).toBe("Ada Lovelace");
  });

  it("lists one local day across a DST change by start, and filters by status, calendar, service and customer", async () => {
    const { ws, cut, robin, ada, grace, gone, nextDay } = await salon();
    const day = { from: "2026-03-29T00:00:00+01:00", to: "2026-03-30T00:00:00+02:00" };
    const list = (query: Record<string, string | string[]>) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) for (const v of [value].flat()) search.append(name, v);
      return api.get(`/v1/bookings?${search}`, { key: ws.sk });
    };
    expect(ids(await list(day))).toEqual([grace.booking.id, ada.booking.id, gone.booking.id]);
    expect(ids(await list({ from: day.to }))).toEqual([nextDay.booking.id]);
    expect(ids(await list({ ...day, status: "confirmed" }))).toEqual([grace.booking.id, ada.booking.id]);
    expect(ids(await list({ ...day, status: ["cancelled", "no_show"] }))).toEqual([gone.booking.id]);
    expect(ids(await list({ ...day, staff_id: robin.id }))).toEqual([grace.booking.id]);
    expect(ids(await list({ ...day, service_id: cut.id }))).toEqual([ada.booking.id, gone.booking.id]);
    expect(ids(await list({ q: "ADA@" }))).toEqual([nextDay.booking.id, ada.booking.id]);
    expect(ids(await list({ q: "navy" }))).toEqual([grace.booking.id]);
    expect(ids(await list({ q: "0%_t" }))).toEqual([gone.booking.id]);
    expect(ids(await list({ q: "%" }))).toEqual([gone.booking.id]);
    const first = await list({ ...day, limit: "2" });
    expect(ids(first)).toEqual([grace.booking.id, ada.booking.id]);
    expect(ids(await list({ ...day, limit: "2", cursor: first.body.next_cursor }))).toEqual([gone.booking.id]);
    expectError(await list({ status: "booked" }), 422, "validation_failed", "status");
    expectError(await list({ from: "yesterday" }), 422, "validation_failed", "from");
    expectError(await list({ staff_id: "x" }), 422, "validation_failed", "staff_id");
  });
});

describe("/v1/customers", () => {
  it("lists the workspace's customers with their bookings count, searched by name or email; one by id", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const first = await seedBooking(ws, { startsAt: new Date("2031-06-02T09:00:00Z"), customer: { name: "Ada Lovelace", email: "ada@example.com" } });
    await seedBooking(ws, {
      startsAt: new Date("2031-06-03T09:00:00Z"),
      serviceId: first.serviceId,
      customer: { name: "Ada Lovelace", email: "ada@example.com" },
    });
    const grace = await seedBooking(ws, {
      startsAt: new Date("2031-06-04T09:00:00Z"),
      serviceId: first.serviceId,
      customer: { name: "Grace Hopper", email: "grace@navy.example" },
    });
    await seedBooking(other, { startsAt: new Date("2031-06-02T09:00:00Z"), customer: { name: "Ada Lovelace", email: "ada@example.com" } });

    const all = await api.get("/v1/customers", { key: ws.sk });
    expect(all.body.data.map((c: { name: string; bookings_count: number }) => [c.name, c.bookings_count])).toEqual([
      ["Grace Hopper", 1],
      ["Ada Lovelace", 2],
    ]);
    expect((await api.get("/v1/customers?q=LOVE", { key: ws.sk })).body.data.map((c: { id: string }) => c.id)).toEqual([first.customerId]);
    const one = await api.get(`/v1/customers/${grace.customerId}`, { key: ws.sk });
    expect(one.body).toEqual({
      id: grace.customerId,
      name: "Grace Hopper",
      email: "grace@navy.example",
      phone: null,
      bookings_count: 1,
      created_at: expect.any(String),
    });
    expectError(await api.get(`/v1/customers/${grace.customerId}`, { key: other.sk }), 404, "not_found");
    expectError(await api.get("/v1/customers/x", { key: ws.sk }), 404, "not_found");
  });
});

describe("GET /v1/audit-events", () => {
  it("records every secret-key write with the key's name and last four characters, newest first, cursor paged", async () => {
    const account = await newAccount();
    const ws = await newWorkspaceOn(account);
    const minted = await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: account.accountKey, body: { type: "sk", name: "Front desk" } });
    const key = minted.body.key as string;
    const service = await api.post("/v1/services", { key, body: { name: "Cut", duration_minutes: 30, payment_mode: "none" } });
    const category = await api.post("/v1/categories", { key, body: { name: "Hair" } });
    await api.patch(`/v1/categories/${category.body.id}`, { key, body: { name: "Hair & beard" } });
    expectError(await api.patch(`/v1/categories/${category.body.id}`, { key, body: { name: "" } }), 422, "validation_failed");
    await api.get("/v1/services", { key });

    const page = await api.get("/v1/audit-events?limit=2", { key: ws.sk });
    const who = { type: "key", name: `Front desk …${key.slice(-4)}` };
    expect(page.body.data).toEqual([
      { id: expect.any(String), who, what: "updateCategory", target: { type: "category", id: category.body.id }, when: expect.any(String) },
      { id: expect.any(String), who, what: "createCategory", target: { type: "category", id: category.body.id }, when: expect.any(String) },
    ]);
    const rest = await api.get(`/v1/audit-events?limit=2&cursor=${page.body.next_cursor}`, { key: ws.sk });
    expect(rest.body.data.map((e: { what: string; target: unknown }) => [e.what, e.target])).toEqual([
      ["createService", { type: "service", id: service.body.id }],
    ]);
    expect(rest.body.next_cursor).toBeNull();
    expect((await api.get(`/v1/audit-events?target_id=${service.body.id}`, { key: ws.sk })).body.data).toHaveLength(1);
    expect((await api.get("/v1/audit-events", { key: (await newWorkspace()).sk })).body.data).toEqual([]);
  });
});

itEnforcesAuth("the customers and audit-event routes", async () => {
  const ws = await newWorkspace();
  const { customerId } = await seedBooking(ws, { startsAt: new Date("2031-06-02T09:00:00Z") });
  return [
    { method: "GET", path: "/v1/customers", owner: ws },
    { method: "GET", path: `/v1/customers/${customerId}`, owner: ws, scoped: true },
    { method: "GET", path: "/v1/audit-events", owner: ws },
  ];
});
