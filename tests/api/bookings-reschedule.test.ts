import { describe, expect, it } from "vitest";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { rescheduleBooking } from "@/lib/bookings/reschedule-booking";
import { eq } from "drizzle-orm";
import { newRequestId } from "@/lib/context";
import type { CustomerContext } from "@/lib/customer-links/find-booking-by-token";
import { workspaces } from "@/lib/db/schema";
import { loadClock } from "@/lib/time/clock";
import { parseInstant } from "@/lib/time/zoned";
import { api } from "../helpers/api";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { book, bookConfirmed, bookingRow, deliveriesOf, localAt, messagesTo, newCustomer, setNow } from "../helpers/bookings";
import { addCalendar, addService, addWebhookEndpoint, updateWorkspace } from "../helpers/factories";

const reschedule = (ws: TestWorkspace, id: string, body: unknown) => api.post(`/v1/bookings/${id}/reschedule`, { key: ws.sk, body });

describe("POST /v1/bookings/{id}/reschedule", () => {
  it("moves a confirmed booking, keeping its id and calendar, and announces booking.rescheduled", async () => {
    const ws = await newWorkspace({ timezone: "Asia/Kolkata" });
    const service = await addService(ws, { durationMinutes: 60 });
    await addWebhookEndpoint(ws);
    const customer = newCustomer();
    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer });
    const response = await reschedule(ws, booking.id, { starts_at: localAt(ws, 3, "14:00") });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: booking.id, staff_id: ws.staffId, status: "confirmed", customer_id: booking.customer_id });
    expect(response.body.starts_at).toBe(localAt(ws, 3, "14:00"));
    expect(response.body.starts_at).toMatch(/\+05:30$/);
    expect(response.body).not.toHaveProperty("access_token");
    const deliveries = await deliveriesOf(ws);
    expect(deliveries.map((d) => d.type)).toEqual(["booking.created", "booking.rescheduled"]);
    expect(deliveries[1]!.payload.data).toMatchObject({
      previous_starts_at: booking.starts_at,
      booking: { id: booking.id, starts_at: response.body.starts_at },
    });
    expect((await messagesTo(customer.email)).length).toBe(2);
    // The old slot is free again, the new one taken.
    expect((await book(ws, { service_id: service.id, starts_at: booking.starts_at })).status).toBe(201);
    expectError(await book(ws, { service_id: service.id, starts_at: response.body.starts_at }), 409, "slot_unavailable");
  });

  it("may move into a range overlapping the booking's own, and to another calendar when staff_id is given", async () => {
    const ws = await newWorkspace();
    const second = (await addCalendar(ws, { name: "Robin" })).id;
    const service = await addService(ws, { durationMinutes: 60, bufferAfterMinutes: 30 }, [ws.staffId, second]);
    const booking = await bookConfirmed(ws, { service_id: service.id, staff_id: ws.staffId, starts_at: localAt(ws, 2, "10:00") });
    const overlapping = await reschedule(ws, booking.id, { starts_at: localAt(ws, 2, "10:30") });
    expect(overlapping.status, JSON.stringify(overlapping.body)).toBe(200);
    const moved = await reschedule(ws, booking.id, { starts_at: localAt(ws, 2, "10:30"), staff_id: second });
    expect([moved.status, moved.body.staff_id]).toEqual([200, second]);
    const row = await bookingRow(booking.id);
    expect(row.occupiedEnd.getTime() - row.endsAt.getTime()).toBe(30 * 60_000);
  });

  it("answers 409 slot_unavailable when the new time is taken, 422 when it is not offered", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 60 });
    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") });
    await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "12:00") });
    expectError(await reschedule(ws, booking.id, { starts_at: localAt(ws, 2, "12:00") }), 409, "slot_unavailable");
    expectError(await reschedule(ws, booking.id, { starts_at: localAt(ws, 2, "11:30") }), 409, "slot_unavailable");
    expectError(await reschedule(ws, booking.id, { starts_at: localAt(ws, 2, "18:00") }), 422, "outside_working_hours", "starts_at");
    expectError(await reschedule(ws, booking.id, { starts_at: localAt(ws, 2, "10:15") }), 422, "validation_failed", "starts_at");
    expectError(await reschedule(ws, booking.id, { starts_at: "tomorrow" }), 422, "validation_failed", "starts_at");
    expectError(
      await reschedule(ws, booking.id, { starts_at: localAt(ws, 3, "10:00"), staff_id: "00000000-0000-4000-8000-000000000000" }),
      422,
      "validation_failed",
      "staff_id",
    );
    expect((await bookingRow(booking.id)).startsAt.toISOString()).toBe(parseInstant(booking.starts_at).toISOString());
  });

  it("answers 409 booking_not_confirmed for pending, cancelled and no-show bookings, 404 for an unknown one", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const cancelled = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00") });
    await api.post(`/v1/bookings/${cancelled.id}/cancel`, { key: ws.sk });
    await updateWorkspace(ws, { requireVerification: true });
    const pending = (await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:00") })).body;
    const target = { starts_at: localAt(ws, 3, "10:00") };
    expectError(await reschedule(ws, cancelled.id, target), 409, "booking_not_confirmed");
    expectError(await reschedule(ws, pending.id, target), 409, "booking_not_confirmed");
    expectError(await reschedule(ws, "00000000-0000-4000-8000-000000000000", target), 404, "not_found");
  });
});

describe("the shared verbs on behalf of a customer (manage-token routes)", () => {
  // The context a manage token resolves to: the booking's customer in its workspace.
  const verbCtx = async (ws: TestWorkspace, bookingId: string): Promise<CustomerContext> => {
    const db = currentDb().db;
    const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    return { db, clock: await loadClock(db), requestId: newRequestId(), workspace: workspace!, actor: { type: "customer", bookingId } };
  };

  it("lets a customer cancel only before starts_at − min_cancel_notice_minutes", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { minCancelNoticeMinutes: 120 });
    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "12:00") });
    const input = { bookingId: booking.id };
    await setNow(new Date(Date.parse(booking.starts_at) - 119 * 60_000));
    await expect(cancelBooking({ ctx: await verbCtx(ws, booking.id), input })).rejects.toMatchObject({ type: "too_late_to_cancel" });
    await setNow(new Date(Date.parse(booking.starts_at) - 121 * 60_000));
    const cancelled = await cancelBooking({ ctx: await verbCtx(ws, booking.id), input: { ...input, reason: "Sick" } });
    expect([cancelled.status, cancelled.cancelReason, cancelled.accessTokenHash]).toEqual(["cancelled", "Sick", null]);
  });

  it("lets a customer move a confirmed booking only before the cutoff, and name a calendar only when allowed", async () => {
    const ws = await newWorkspace();
    const second = (await addCalendar(ws, { name: "Robin" })).id;
    const service = await addService(ws, { minCancelNoticeMinutes: 24 * 60 }, [ws.staffId, second]);
    const booking = await bookConfirmed(ws, { service_id: service.id, staff_id: ws.staffId, starts_at: localAt(ws, 2, "12:00") });
    const input = { bookingId: booking.id, startsAt: parseInstant(localAt(ws, 4, "10:00")) };

    await updateWorkspace(ws, { allowStaffChoice: false });
    await expect(rescheduleBooking({ ctx: await verbCtx(ws, booking.id), input: { ...input, staffId: second } })).rejects.toMatchObject({
      type: "validation_failed",
      details: { param: "staff_id" },
    });
    const moved = await rescheduleBooking({ ctx: await verbCtx(ws, booking.id), input });
    expect([moved.id, moved.staffId, moved.startsAt.toISOString()]).toEqual([booking.id, ws.staffId, input.startsAt.toISOString()]);

    await setNow(new Date(input.startsAt.getTime() - 23 * 3_600_000));
    await expect(
      rescheduleBooking({ ctx: await verbCtx(ws, booking.id), input: { ...input, startsAt: parseInstant(localAt(ws, 5, "10:00")) } }),
    ).rejects.toMatchObject({
      type: "too_late_to_reschedule",
    });
  });
});
