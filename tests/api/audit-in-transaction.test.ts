import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { messagesTo } from "../helpers/bookings";
import { newAccount, newWorkspaceOn } from "../helpers/fixtures";
import { seedBooking } from "../helpers/factories";
import { currentDb } from "../helpers/test-db";
import { fixedClock } from "@/lib/time/clock";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { actAsMember, memberContext, openConsole } from "@/lib/members/console-access";
import { redeemSignInLink, requestSignInLink } from "@/lib/members/sign-in";

/**
 * docs/console.md#audit-log: a write's audit row commits with the write, in the verb's own
 * transaction, so a crash between the write's commit and the rest of the request cannot lose it,
 * and a write that rolls back leaves no row.
 */

const NOW = new Date("2031-05-05T09:00:00Z");
let n = 0;

/** A signed-in owner's console context, as the console's actions build it. */
async function ownerConsole() {
  const account = await newAccount();
  const ws = await newWorkspaceOn(account);
  const email = `audit${++n}-${ws.id}@salon.example`;
  expect((await api.post("/v1/account/members", { key: account.accountKey, body: { email, role: "owner" } })).status).toBe(201);
  const base = { db: currentDb().db, clock: fixedClock(NOW), requestId: "req_test" };
  await requestSignInLink({ ctx: base, input: { email, ip: "203.0.113.9", appUrl: "http://localhost:3000" } });
  const token = (await messagesTo(email))[0]?.text.match(/\/console\/sign-in\/([A-Za-z0-9_-]+)/)?.[1];
  const session = await redeemSignInLink({ ctx: base, token: token! });
  const access = await openConsole({ ctx: base, token: session!.sessionToken });
  return { ws, email, ctx: memberContext(base, access!) };
}

const auditOf = async (sk: string, targetId: string) =>
  (await api.get(`/v1/audit-events?target_id=${targetId}`, { key: sk })).body.data.map((event: { what: string; who: { name: string } }) => [
    event.what,
    event.who.name,
  ]);

describe("the audit row commits with the write", () => {
  it("a console write whose request dies after the verb's commit keeps its row", async () => {
    const { ws, email, ctx } = await ownerConsole();
    const { booking } = await seedBooking(ws, { startsAt: new Date("2031-05-20T10:00:00Z") });
    const target = { action: "cancelBooking", targetType: "booking", targetId: booking.id };
    await expect(
      actAsMember(ctx, target, async (acting) => {
        await cancelBooking({ ctx: acting, input: { bookingId: booking.id, refund: true } });
        throw new Error("the process died after the cancel committed");
      }),
    ).rejects.toThrow("the process died");
    expect((await api.get(`/v1/bookings/${booking.id}`, { key: ws.sk })).body.status).toBe("cancelled");
    expect(await auditOf(ws.sk, booking.id)).toEqual([["cancelBooking", email]]);
  });

  it("a console write that is refused (its transaction rolls back) leaves no row; one that succeeds leaves exactly one", async () => {
    const { ws, email, ctx } = await ownerConsole();
    const { booking } = await seedBooking(ws, { startsAt: new Date("2031-05-21T10:00:00Z"), status: "cancelled" });
    const target = { action: "cancelBooking", targetType: "booking", targetId: booking.id };
    await expect(actAsMember(ctx, target, (acting) => cancelBooking({ ctx: acting, input: { bookingId: booking.id, refund: true } }))).rejects.toMatchObject({
      type: "booking_not_cancellable",
    });
    expect(await auditOf(ws.sk, booking.id)).toEqual([]);

    const live = (await seedBooking(ws, { startsAt: new Date("2031-05-22T10:00:00Z") })).booking;
    await actAsMember(ctx, { ...target, targetId: live.id }, (acting) => cancelBooking({ ctx: acting, input: { bookingId: live.id, refund: true } }));
    expect(await auditOf(ws.sk, live.id)).toEqual([["cancelBooking", email]]);
  });

  it("a secret-key write is recorded once, in its transaction when the path names the target, after it for a create", async () => {
    const account = await newAccount();
    const ws = await newWorkspaceOn(account);
    const { booking } = await seedBooking(ws, { startsAt: new Date("2031-05-23T10:00:00Z") });
    expect((await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    expect((await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(409);
    const created = await api.post("/v1/categories", { key: ws.sk, body: { name: "Hair" } });
    const label = (await api.get("/v1/audit-events?limit=1", { key: ws.sk })).body.data[0].who.name as string;
    expect(await auditOf(ws.sk, booking.id)).toEqual([["cancelBooking", label]]);
    expect(await auditOf(ws.sk, created.body.id)).toEqual([["createCategory", label]]);
  });
});
