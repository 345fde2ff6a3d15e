import { afterEach, describe, expect, it, vi } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { expireHold } from "@/lib/bookings/expire-hold";
import { holdExpirySweep } from "@/lib/jobs/definitions/expire-hold";
import { setConfigForTesting } from "@/lib/config";
import { inngest } from "@/lib/jobs/inngest-client";
import { DUE_WORK_SWEEPS } from "@/lib/jobs/sweeps";
import { expireHoldWhenDue } from "@/lib/jobs/inngest-functions";
import { jobContext } from "@/lib/context";
import { loadClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { book, bookingRow, deliveriesOf, latestCodeFor, localAt, newCustomer, setNow } from "../helpers/bookings";
import { addService, addWebhookEndpoint, connectPaymentAccount, updateWorkspace } from "../helpers/factories";
import { getLogger } from "@/lib/log/logger";

const HOLD_MS = 10 * 60_000;

async function hold(ws: TestWorkspace, serviceId: string, starts_at: string) {
  const customer = newCustomer();
  const response = await book(ws, { service_id: serviceId, starts_at, customer });
  expect(response.body.status).toBe("pending");
  return { booking: response.body, customer };
}

describe("hold expiry", () => {
  it("treats a lapsed hold as free at once: reads expired, and a new booking takes its slot", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 60, bufferBeforeMinutes: 15 });
    const starts_at = localAt(ws, 2, "10:00");
    const { booking } = await hold(ws, service.id, starts_at);
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");

    await setNow(new Date(Date.now() + HOLD_MS + 1_000));
    const read = await api.get(`/v1/bookings/${booking.id}`, { key: ws.sk });
    expect(read.body.status).toBe("expired");
    expect(read.body).not.toHaveProperty("hold_expires_at");
    // The lapsed hold still overlaps in the table; creation flips it before inserting.
    expect((await bookingRow(booking.id)).status).toBe("pending");
    const taken = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:30") });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect((await bookingRow(booking.id)).status).toBe("expired");
  });

  it("emits nothing for a hold that never confirms", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    await addWebhookEndpoint(ws);
    const service = await addService(ws);
    const { booking, customer } = await hold(ws, service.id, localAt(ws, 2, "10:00"));
    const code = await latestCodeFor(customer.email);
    await setNow(new Date(Date.now() + HOLD_MS + 1_000));
    expectError(await api.post(`/v1/bookings/${booking.id}/verify`, { key: ws.sk, body: { code } }), 422, "verification_failed");
    expect((await api.post("/dev/jobs/run")).status).toBe(200);
    expect((await bookingRow(booking.id)).status).toBe("expired");
    expect(await deliveriesOf(ws)).toEqual([]);
  });

  it("expireHold flips only a lapsed hold and says when the booking is next due", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws);
    const { booking } = await hold(ws, service.id, localAt(ws, 2, "10:00"));
    const db = currentDb().db;
    const expiresAt = (await bookingRow(booking.id)).holdExpiresAt!;

    expect(await expireHold(db, booking.id, new Date(expiresAt.getTime() - 1))).toEqual({ expired: false, nextDueAt: expiresAt });
    expect(await expireHold(db, booking.id, expiresAt)).toEqual({ expired: true, nextDueAt: null });
    expect(await expireHold(db, booking.id, expiresAt)).toEqual({ expired: false, nextDueAt: null });
    expect((await bookingRow(booking.id)).status).toBe("expired");

    const confirmed = await hold(ws, service.id, localAt(ws, 2, "13:00"));
    await api.post(`/v1/bookings/${confirmed.booking.id}/confirm`, { key: ws.sk });
    expect(await expireHold(db, confirmed.booking.id, new Date(Date.now() + 3_600_000))).toEqual({ expired: false, nextDueAt: null });
    expect((await bookingRow(confirmed.booking.id)).status).toBe("confirmed");
  });

  it("is swept by POST /dev/jobs/run (the in-process runner's sweep), card holds after 30 minutes", async () => {
    expect(DUE_WORK_SWEEPS).toContain(holdExpirySweep);
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 30 });
    await connectPaymentAccount(ws);
    const paid = await addService(ws, { durationMinutes: 30, paymentMode: "full", priceCents: 1_000 });
    const code = await hold(ws, service.id, localAt(ws, 2, "10:00"));
    const card = await book(ws, { service_id: paid.id, starts_at: localAt(ws, 2, "11:00") });
    expect(card.body.status, JSON.stringify(card.body)).toBe("awaiting_payment");

    await setNow(new Date(Date.now() + HOLD_MS + 1_000));
    const first = await api.post("/dev/jobs/run");
    expect(first.body.counts["hold-expiry"]).toBeGreaterThanOrEqual(1);
    expect([(await bookingRow(code.booking.id)).status, (await bookingRow(card.body.id)).status]).toEqual(["expired", "awaiting_payment"]);

    await setNow(new Date(Date.now() + 30 * 60_000 + 1_000));
    await api.post("/dev/jobs/run");
    expect((await bookingRow(card.body.id)).status).toBe("expired");
    expect(await holdExpirySweep.run(jobContext({ db: currentDb().db, clock: await loadClock(currentDb().db) }, "test"), { limit: 10 })).toBe(0);
  });
});

describe("the expire-hold Inngest function", () => {
  it("sleeps until the hold lapses, then runs the guarded expiry step", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws);
    const { booking } = await hold(ws, service.id, localAt(ws, 2, "10:00"));
    const holdExpiresAt = booking.hold_expires_at;
    const engine = new InngestTestEngine({ function: expireHoldWhenDue });
    const events = [{ name: "booking/hold.placed", data: { bookingId: booking.id, holdExpiresAt } }];

    // Woken early (the hold was extended, or the clocks disagree): nothing changes.
    const early = await engine.execute({ events: events as never, steps: [{ id: "until-hold-expiry", handler: () => undefined }] });
    expect(early.ctx.step.sleepUntil).toHaveBeenCalledWith("until-hold-expiry", holdExpiresAt);
    expect(early.result).toEqual({ expired: false, nextDueAt: holdExpiresAt });
    expect((await bookingRow(booking.id)).status).toBe("pending");

    await setNow(new Date(Date.parse(holdExpiresAt) + 1_000));
    const due = await new InngestTestEngine({ function: expireHoldWhenDue }).execute({
      events: events as never,
      steps: [{ id: "until-hold-expiry", handler: () => undefined }],
    });
    expect(due.result).toEqual({ expired: true, nextDueAt: null });
    expect((await bookingRow(booking.id)).status).toBe("expired");
  });
});

describe("hold events for Inngest (when configured)", () => {
  afterEach(() => vi.restoreAllMocks());

  /** The hold events among everything sent to Inngest (confirmations also announce the booking's time for reminders). */
  const holdEvents = (send: { mock: { calls: unknown[][] } }) =>
    send.mock.calls.map(([event]) => event as { name: string; data: unknown }).filter((event) => event.name.startsWith("booking/hold."));

  it("announces a committed hold and its settlement; a failed send never fails the request", async () => {
    setConfigForTesting({ inngest: { enabled: true } });
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws);
    const { booking } = await hold(ws, service.id, localAt(ws, 2, "10:00"));
    expect(holdEvents(send)).toHaveLength(1);
    expect(holdEvents(send)[0]).toMatchObject({
      name: "booking/hold.placed",
      data: { bookingId: booking.id, holdExpiresAt: booking.hold_expires_at },
    });
    await api.post(`/v1/bookings/${booking.id}/confirm`, { key: ws.sk });
    expect(holdEvents(send)[1]).toMatchObject({ name: "booking/hold.settled", data: { bookingId: booking.id } });

    send.mockRejectedValue(new Error("fetch failed"));
    vi.spyOn(getLogger(), "error").mockImplementation(() => undefined);
    const second = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "13:00") });
    expect([second.status, second.body.status]).toEqual([201, "pending"]);
    const cancelled = await api.post(`/v1/bookings/${second.body.id}/cancel`, { key: ws.sk });
    expect(cancelled.status).toBe(200);
    expect(holdEvents(send)).toHaveLength(4);
  });

  it("sends nothing for a booking confirmed at once, or when Inngest is not configured", async () => {
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);
    const ws = await newWorkspace();
    const service = await addService(ws);
    await updateWorkspace(ws, { requireVerification: true });
    await hold(ws, service.id, localAt(ws, 2, "10:00"));
    setConfigForTesting({ inngest: { enabled: true } });
    await updateWorkspace(ws, { requireVerification: false });
    expect((await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "13:00") })).body.status).toBe("confirmed");
    expect(holdEvents(send)).toEqual([]);
  });
});
