import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accounts } from "@/lib/db/schema";
import { setClockOffset } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { book, localAt } from "../helpers/bookings";
import { newWorkspace } from "../helpers/fixtures";
import { LATER, outboxRows, runJobs, STARTS_AT } from "../helpers/outbox";
import { queueMessage } from "../helpers/outbox";
import { currentDb } from "../helpers/test-db";
import { addService, seedBooking, updateWorkspace } from "../helpers/factories";

describe("SMS credits", () => {
  async function smsWorkspace(plan: "free" | "starter", account: Partial<typeof accounts.$inferInsert>) {
    const ws = await newWorkspace({ plan, planStep: 1 });
    await updateWorkspace(ws, { smsEnabled: true });
    await currentDb().db.update(accounts).set(account).where(eq(accounts.id, ws.accountId));
    return ws;
  }
  const currentPeriod = () => new Date().toISOString().slice(0, 7);

  async function usage(accountKey: string) {
    const response = await api.get("/v1/account/usage", { key: accountKey });
    expect(response.status).toBe(200);
    return response.body as { monthly_sms_credits: number; sms_credits_remaining: number; sms_topup_balance: number };
  }

  it("spends the month's plan credits first, then top-up credits, then sends email only; never below zero", async () => {
    // starter step 1 has 100 monthly credits: 98 are spent, one top-up credit is left.
    const ws = await smsWorkspace("starter", { smsMonthlyUsed: 98, smsPeriod: currentPeriod(), smsTopupBalance: 1 });
    const phone = "+33600000001";
    const email = `credits-${ws.id}@example.com`;
    const service = await addService(ws, { durationMinutes: 60 });
    expect(await usage(ws.accountKey)).toMatchObject({ monthly_sms_credits: 100, sms_credits_remaining: 2, sms_topup_balance: 1 });

    const created = await book(ws, { service_id: service.id, starts_at: localAt(ws, 3, "10:00"), customer: { name: "Ada", email, phone } });
    expect(created.body.status).toBe("confirmed");
    const token = created.body.access_token as string;
    expect(await usage(ws.accountKey)).toMatchObject({ sms_credits_remaining: 1, sms_topup_balance: 1 });
    const move = (day: number) => api.post(`/v1/public/bookings/${token}/reschedule`, { body: { starts_at: localAt(ws, day, "10:00") } });
    expect((await move(4)).status).toBe(200);
    expect(await usage(ws.accountKey)).toMatchObject({ sms_credits_remaining: 0, sms_topup_balance: 1 });
    expect((await move(5)).status).toBe(200);
    expect(await usage(ws.accountKey)).toMatchObject({ sms_credits_remaining: 0, sms_topup_balance: 0 });
    expect((await api.post(`/v1/public/bookings/${token}/cancel`, { body: {} })).status).toBe(200);
    expect(await usage(ws.accountKey)).toMatchObject({ sms_credits_remaining: 0, sms_topup_balance: 0 });

    expect(await outboxRows(phone)).toHaveLength(3);
    expect((await outboxRows(email)).map((row) => row.subject.split(" with ")[0])).toEqual(
      expect.arrayContaining(["Booking confirmed", "Booking moved", "Booking moved", "Booking cancelled"]),
    );
    expect(await outboxRows(email)).toHaveLength(4);
    await runJobs();
    expect((await outboxRows(phone)).map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
    const [account] = await currentDb().db.select().from(accounts).where(eq(accounts.id, ws.accountId));
    expect(account).toMatchObject({ smsMonthlyUsed: 100, smsTopupBalance: 0 });

    const workspaceUsage = await api.get("/v1/usage", { key: ws.sk });
    expect(workspaceUsage.status).toBe(200);
    expect(workspaceUsage.body.sms_sent_this_month).toBe(3);
  });

  it("starts a new month with the plan's full credits", async () => {
    const ws = await smsWorkspace("starter", { smsMonthlyUsed: 100, smsPeriod: "2001-01", smsTopupBalance: 0 });
    const phone = "+33600000002";
    const { booking } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email: `month-${ws.id}@example.com`, phone } });
    expect(await usage(ws.accountKey)).toMatchObject({ sms_credits_remaining: 100 });
    await queueMessage(booking.id, "confirmation");
    expect(await outboxRows(phone)).toHaveLength(1);
    const [account] = await currentDb().db.select().from(accounts).where(eq(accounts.id, ws.accountId));
    expect(account).toMatchObject({ smsMonthlyUsed: 1, smsPeriod: currentPeriod() });
    expect(await usage(ws.accountKey)).toMatchObject({ sms_credits_remaining: 99 });

    // The next billing month (on the app clock) starts from zero again.
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 2));
    await setClockOffset(currentDb().db, nextMonth.getTime() - Date.now());
    expect(await usage(ws.accountKey)).toMatchObject({ sms_credits_remaining: 100 });
    await queueMessage(booking.id, "reschedule", { now: nextMonth });
    expect(await usage(ws.accountKey)).toMatchObject({ sms_credits_remaining: 99 });
  });

  it("spends nothing when SMS is off or the customer gave no phone", async () => {
    const ws = await smsWorkspace("free", { smsTopupBalance: 5 });
    const noPhone = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email: `nophone-${ws.id}@example.com` } });
    await queueMessage(noPhone.booking.id, "confirmation");
    await updateWorkspace(ws, { smsEnabled: false });
    const phone = "+33600000003";
    const smsOff = await seedBooking(ws, { startsAt: LATER, customer: { email: `smsoff-${ws.id}@example.com`, phone } });
    await queueMessage(smsOff.booking.id, "confirmation");
    expect(await outboxRows(phone)).toHaveLength(0);
    expect(await usage(ws.accountKey)).toMatchObject({ monthly_sms_credits: 0, sms_credits_remaining: 0, sms_topup_balance: 5 });
  });

  it("never spends more credits than exist, even for concurrent bookings", async () => {
    const ws = await smsWorkspace("free", { smsTopupBalance: 3 });
    const phone = "+33600000004";
    const { booking } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email: `race-${ws.id}@example.com`, phone } });
    await Promise.all(Array.from({ length: 8 }, () => queueMessage(booking.id, "reschedule")));
    expect(await outboxRows(phone)).toHaveLength(3);
    expect(await outboxRows(`race-${ws.id}@example.com`)).toHaveLength(8);
    expect(await usage(ws.accountKey)).toMatchObject({ sms_topup_balance: 0 });
  });
});
