import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { newWorkspace } from "../helpers/fixtures";
import { book, clientIpOf, latestCodeFor, localAt, messagesTo, newCustomer } from "../helpers/bookings";
import { addService, updateWorkspace } from "../helpers/factories";

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
