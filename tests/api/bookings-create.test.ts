import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { setDbForTesting, type Db } from "@/lib/db/client";
import { customers } from "@/lib/db/schema";
import { sha256Hex } from "@/lib/secrets/tokens";
import { unseal } from "@/lib/secrets/seal";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { api, type ApiResponse } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { book, bookingRow, deliveriesOf, latestCodeFor, localAt, messagesTo, newCustomer } from "../helpers/bookings";
import { addCalendar, addService, addWebhookEndpoint, connectPaymentAccount, setWorkingHours, updateWorkspace } from "../helpers/factories";

describe("POST /v1/bookings – start states", () => {
  it("confirms at once by default, in the workspace offset, with a one-time access token", async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    const service = await addService(ws, { durationMinutes: 45 });
    const startsAt = localAt(ws, 3, "10:00");
    const customer = newCustomer({ email: "Ada.Upper@Example.com", phone: "+14155550123" });
    const response = await api.post("/v1/bookings", { key: ws.sk, body: { service_id: service.id, starts_at: startsAt, customer } });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const expectedStart = DateTime.fromISO(startsAt, { zone: ws.timezone });
    expect(response.body).toEqual({
      id: expect.any(String),
      staff_id: ws.staffId,
      service_id: service.id,
      customer_id: expect.any(String),
      starts_at: expectedStart.toISO({ suppressMilliseconds: true }),
      ends_at: expectedStart.plus({ minutes: 45 }).toISO({ suppressMilliseconds: true }),
      status: "confirmed",
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      answers: [],
      created_at: expect.stringMatching(/Z$/),
    });
    expect(response.body.starts_at).toMatch(/-0[45]:00$/);

    const row = await bookingRow(response.body.id);
    expect(row.accessTokenHash).toBe(sha256Hex(response.body.access_token));
    expect(unseal(row.accessTokenSealed!)).toBe(response.body.access_token);
    expect(row.createdVia).toBe("sk");
    expect(row.confirmedAt).not.toBeNull();
    const [stored] = await currentDb().db.select().from(customers).where(eq(customers.id, response.body.customer_id));
    expect(stored).toMatchObject({ email: "ada.upper@example.com", phone: "+14155550123", workspaceId: ws.id });

    const read = await api.get(`/v1/bookings/${response.body.id}`, { key: ws.sk });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty("access_token");
    expect(read.body).not.toHaveProperty("hold_expires_at");
    expect(read.body).not.toHaveProperty("payment");
  });

  it("holds a pending booking for 10 minutes and sends a 6-digit code when the workspace requires verification", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws);
    await addWebhookEndpoint(ws);
    const customer = newCustomer();
    const before = Date.now();
    const response = await api.post("/v1/bookings", { key: ws.pk, body: { service_id: service.id, starts_at: localAt(ws, 2, "11:00"), customer } });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.status).toBe("pending");
    const holdMs = Date.parse(response.body.hold_expires_at) - before;
    expect(holdMs).toBeGreaterThan(10 * 60_000 - 5_000);
    expect(holdMs).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    expect(response.body.hold_expires_at).toMatch(/Z$/);

    const code = await latestCodeFor(customer.email);
    const row = await bookingRow(response.body.id);
    expect(row.codeHash).not.toBeNull();
    expect(row.codeHash).not.toContain(code);
    expect(row.createdVia).toBe("pk");
    expect(row.confirmedAt).toBeNull();
    expect(await deliveriesOf(ws)).toEqual([]);
  });

  it("holds a paid service for 30 minutes awaiting the card, even when verification is on", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    await connectPaymentAccount(ws);
    const service = await addService(ws, { paymentMode: "full", priceCents: 5_000 });
    const customer = newCustomer();
    const before = Date.now();
    const response = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:00"), customer });

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.status).toBe("awaiting_payment");
    const holdMs = Date.parse(response.body.hold_expires_at) - before;
    expect(holdMs).toBeGreaterThan(30 * 60_000 - 5_000);
    expect(holdMs).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    expect((await bookingRow(response.body.id)).codeHash).toBeNull();
    expect((await messagesTo(customer.email)).map((m) => m.text).join("\n")).not.toMatch(/\b\d{6}\b/);
  });

  it("announces a confirmed booking: booking.created and the confirmation email, in the same transaction", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await addWebhookEndpoint(ws);
    const customer = newCustomer();
    const response = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00"), customer }, { key: ws.pk });

    expect(response.status).toBe(201);
    const deliveries = await deliveriesOf(ws);
    expect(deliveries.map((d) => [d.type, d.bookingId])).toEqual([["booking.created", response.body.id]]);
    expect(deliveries[0]!.payload.data.booking).toMatchObject({ status: "confirmed", created_via: "pk", starts_at: response.body.starts_at });
    expect(JSON.stringify(deliveries[0]!.payload)).not.toContain(response.body.access_token);
    const messages = await messagesTo(customer.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.channel).toBe("email");
  });

  it("upserts one customer per workspace by lower-cased email, the latest name and phone winning", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 30 });
    const email = `Grace${Date.now()}@Example.com`;
    const first = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00"), customer: { name: "Grace", email, phone: "+447700900123" } });
    const second = await book(ws, {
      service_id: service.id,
      starts_at: localAt(ws, 2, "10:00"),
      customer: { name: "Grace Hopper", email: email.toLowerCase() },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.customer_id).toBe(first.body.customer_id);
    const rows = await currentDb().db.select().from(customers).where(eq(customers.workspaceId, ws.id));
    expect(rows.map((row) => [row.name, row.email, row.phone])).toEqual([["Grace Hopper", email.toLowerCase(), ""]]);

    const other = await newWorkspace();
    const otherService = await addService(other);
    const elsewhere = await book(other, { service_id: otherService.id, starts_at: localAt(other, 2, "09:00"), customer: { name: "Grace", email } });
    expect(elsewhere.body.customer_id).not.toBe(first.body.customer_id);
  });
});

describe("POST /v1/bookings – the calendar", () => {
  it("chooses the calendar with the fewest live bookings that local day, ties by creation order", async () => {
    const ws = await newWorkspace();
    const second = (await addCalendar(ws, { name: "Robin" })).id;
    const service = await addService(ws, { durationMinutes: 60 }, [ws.staffId, second]);
    const a = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00") });
    const b = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:00") });
    const c = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "13:00") });
    expect([a.body.staff_id, b.body.staff_id, c.body.staff_id]).toEqual([ws.staffId, second, ws.staffId]);
    // The first calendar is taken at 09:00 on that day; the other one takes the same start.
    const d = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00") });
    expect(d.body.staff_id).toBe(second);
  });

  it("counts a calendar's bookings by the local day they start on, a buffer reaching into the day before included", async () => {
    const ws = await newWorkspace();
    const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
    await setWorkingHours(ws, ws.staffId, allDay);
    const second = (await addCalendar(ws, { name: "Robin", hours: allDay })).id;
    const plain = await addService(ws, { durationMinutes: 30 }, [ws.staffId, second]);
    const buffered = await addService(ws, { durationMinutes: 30, bufferBeforeMinutes: 60 }, [ws.staffId, second]);
    // The first calendar: one booking that day, at 00:30, occupied from 23:30 the day before.
    expect((await book(ws, { service_id: buffered.id, staff_id: ws.staffId, starts_at: localAt(ws, 3, "00:30") })).status).toBe(201);
    // The second: one booking the day before, at 22:00; it does not count for the day after.
    expect((await book(ws, { service_id: plain.id, staff_id: second, starts_at: localAt(ws, 2, "22:00") })).status).toBe(201);
    const chosen = await book(ws, { service_id: plain.id, starts_at: localAt(ws, 3, "10:00") });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    expect(chosen.body.staff_id).toBe(second);
  });

  it("a best calendar taken by another writer between the check and the write: the booking goes to the next one", async () => {
    const ws = await newWorkspace();
    const second = (await addCalendar(ws, { name: "Robin" })).id;
    const service = await addService(ws, { durationMinutes: 60 }, [ws.staffId, second]);
    const startsAt = localAt(ws, 2, "09:00");
    const handle = currentDb();
    // The first transaction opened is the create's: just before it, another writer books the calendar its check chose.
    let writerCameIn = false;
    let other: ApiResponse | undefined;
    const db = new Proxy(handle.db, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property !== "transaction" || writerCameIn) return typeof value === "function" ? value.bind(target) : value;
        writerCameIn = true;
        return async (...args: Parameters<Db["transaction"]>) => {
          other = await book(ws, { service_id: service.id, staff_id: ws.staffId, starts_at: startsAt });
          return target.transaction(...args);
        };
      },
    });
    setDbForTesting({ ...handle, db });
    try {
      const created = await book(ws, { service_id: service.id, starts_at: startsAt });
      expect(other?.status, JSON.stringify(other?.body)).toBe(201);
      expect(other?.body.staff_id).toBe(ws.staffId);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.staff_id).toBe(second);
    } finally {
      setDbForTesting(handle);
    }
    expectError(await book(ws, { service_id: service.id, starts_at: startsAt }), 409, "slot_unavailable");
  });

  it("books the named calendar, and refuses a calendar the service does not use", async () => {
    const ws = await newWorkspace();
    const second = (await addCalendar(ws, { name: "Robin" })).id;
    const idle = (await addCalendar(ws, { name: "Idle" })).id;
    const service = await addService(ws, {}, [ws.staffId, second]);
    const named = await book(ws, { service_id: service.id, staff_id: second, starts_at: localAt(ws, 2, "09:00") });
    expect(named.body.staff_id).toBe(second);
    expectError(await book(ws, { service_id: service.id, staff_id: idle, starts_at: localAt(ws, 2, "09:00") }), 422, "validation_failed", "staff_id");
    expectError(
      await book(ws, { service_id: service.id, staff_id: "00000000-0000-4000-8000-000000000000", starts_at: localAt(ws, 2, "09:00") }),
      422,
      "validation_failed",
      "staff_id",
    );
    const other = await newWorkspace();
    expectError(await book(ws, { service_id: service.id, staff_id: other.staffId, starts_at: localAt(ws, 2, "09:00") }), 422, "validation_failed", "staff_id");
  });

  it("refuses staff_id from a publishable key when the workspace chooses the calendar, but not from a secret key", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { allowStaffChoice: false });
    const service = await addService(ws);
    const body = { service_id: service.id, staff_id: ws.staffId, starts_at: localAt(ws, 2, "09:00") };
    expectError(await book(ws, body, { key: ws.pk }), 422, "validation_failed", "staff_id");
    const withoutChoice = await book(ws, { ...body, staff_id: null }, { key: ws.pk });
    expect(withoutChoice.status).toBe(201);
    expect((await book(ws, { ...body, starts_at: localAt(ws, 2, "11:00") })).status).toBe(201);
  });
});

describe("POST /v1/bookings – the slot", () => {
  it("answers 409 slot_unavailable for a taken slot, also when buffers overlap", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 60, bufferAfterMinutes: 30 });
    expect((await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") })).status).toBe(201);
    expectError(await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") }), 409, "slot_unavailable");
    expectError(await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:00") }), 409, "slot_unavailable");
    expect((await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:30") })).status).toBe(201);
  });

  it("answers 422 outside_working_hours outside the calendar's hours, and 422 starts_at for other starts not offered", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 60, minLeadMinutes: 24 * 60, maxAdvanceDays: 10 });
    expectError(await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "20:00") }), 422, "outside_working_hours", "starts_at");
    expectError(await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "16:30") }), 422, "outside_working_hours", "starts_at");
    expectError(await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:10") }), 422, "validation_failed", "starts_at");
    expectError(
      await book(ws, { service_id: service.id, starts_at: localAt(ws, 0, "10:00", new Date(Date.now() - 86_400_000)) }),
      422,
      "validation_failed",
      "starts_at",
    );
    expectError(await book(ws, { service_id: service.id, starts_at: localAt(ws, 20, "10:00") }), 422, "validation_failed", "starts_at");
  });

  it("refuses an unknown, foreign, inactive or unpriceable service with param service_id", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const foreign = await addService(other);
    const inactive = await addService(ws, { active: false });
    await connectPaymentAccount(ws);
    const unpriceable = await addService(ws, { paymentMode: "deposit_percent", priceCents: null, depositPercent: 50 });
    const starts_at = localAt(ws, 2, "10:00");
    for (const serviceId of ["00000000-0000-4000-8000-000000000000", foreign.id, inactive.id, unpriceable.id]) {
      expectError(await book(ws, { service_id: serviceId, starts_at }), 422, "validation_failed", "service_id");
    }
  });
});

describe("POST /v1/bookings – security", () => {
  itEnforcesAuth("POST /v1/bookings", async () => {
    const owner = await newWorkspace();
    return [{ method: "POST", path: "/v1/bookings", body: {}, owner, auth: "sk_pk" }];
  });
});
