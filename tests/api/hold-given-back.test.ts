import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { book, bookConfirmed, clientIpOf, latestCodeFor, localAt, messagesTo, newCustomer } from "../helpers/bookings";
import { addService, updateWorkspace } from "../helpers/factories";
import { addPaidService } from "../helpers/payments";

/**
 * Giving a hold back (the customer steps back from the code or pay step, which cancels it by
 * its token) sends nothing: the booking was never confirmed to them. A confirmed booking's
 * cancellation is still told.
 */
describe("a hold given back", () => {
  it("sends no 'Booking cancelled' for a hold that never confirmed", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 30 });
    const customer = newCustomer();
    const held = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer });
    expect(held.body.status).toBe("pending");
    expect((await messagesTo(customer.email as string)).map((message) => message.subject)).toEqual([expect.stringMatching(/code/i)]);

    const given = await api.post(`/v1/public/bookings/${held.body.access_token}/cancel`, {});
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.booking.status).toBe("cancelled");
    const subjects = (await messagesTo(customer.email as string)).map((message) => message.subject);
    expect(subjects).toHaveLength(1);
    expect(subjects.join("\n")).not.toMatch(/cancel/i);
  });

  it("still tells the customer when a confirmed booking is cancelled", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 30 });
    const customer = newCustomer();
    const held = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:00"), customer });
    const code = await latestCodeFor(customer.email as string);
    const verified = await api.post(`/v1/bookings/${held.body.id}/verify`, { key: ws.pk, body: { code }, headers: clientIpOf(ws) });
    expect(verified.body.status, JSON.stringify(verified.body)).toBe("confirmed");

    const cancelled = await api.post(`/v1/public/bookings/${held.body.access_token}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const subjects = (await messagesTo(customer.email as string)).map((message) => message.subject);
    expect(subjects.some((subject) => /cancelled/i.test(subject))).toBe(true);
  });
});

/**
 * The notice window binds confirmed bookings only (docs/decisions.md#bookings): Back or "Change
 * time" on the code or pay step gives the hold back even when its time is inside the window,
 * so the time is free at once instead of blocked until the hold lapses.
 */
describe("a hold inside the notice window", () => {
  const THREE_DAYS = 3 * 24 * 60;

  it("is given back by its token, and its time can be booked again at once", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 30, minCancelNoticeMinutes: THREE_DAYS });
    const startsAt = localAt(ws, 2, "10:00");
    const held = await book(ws, { service_id: service.id, starts_at: startsAt, customer: newCustomer() }, { key: ws.pk });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.status).toBe("pending");

    const given = await api.post(`/v1/public/bookings/${held.body.access_token}/cancel`, {});
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.booking.status).toBe("cancelled");
    const again = await book(ws, { service_id: service.id, starts_at: startsAt, customer: newCustomer() }, { key: ws.pk });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it("an unpaid hold is given back too; a confirmed booking there still cannot be cancelled online", async () => {
    const ws = await newWorkspace();
    const { service } = await addPaidService(ws, { minCancelNoticeMinutes: THREE_DAYS });
    const unpaid = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() }, { key: ws.pk });
    expect(unpaid.body.status).toBe("awaiting_payment");
    const read = await api.get(`/v1/public/bookings/${unpaid.body.access_token}`);
    expect(read.body.booking).toMatchObject({ can_cancel: true, cancel_cutoff_passed: false });
    const given = await api.post(`/v1/public/bookings/${unpaid.body.access_token}/cancel`, {});
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.booking.status).toBe("cancelled");

    const confirmed = await bookConfirmed(ws, {
      service_id: (await addService(ws, { minCancelNoticeMinutes: THREE_DAYS })).id,
      starts_at: localAt(ws, 2, "14:00"),
    });
    const refused = await api.post(`/v1/public/bookings/${confirmed.access_token}/cancel`, {});
    expectError(refused, 422, "too_late_to_cancel");
  });
});
