import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getLogger } from "@/lib/log/logger";
import { externalCalendars } from "@/lib/db/schema";
import { syncDueExternalCalendars } from "@/lib/external-calendars/sync-due-calendars";
import { syncExternalCalendars } from "@/lib/jobs/inngest-functions";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { loadClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { setNow } from "../helpers/bookings";
import { seedBooking } from "../helpers/factories";
import { newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { calendarOf, startIcsServer } from "../helpers/ics-server";
import { currentDb } from "../helpers/test-db";
import { advanceClock, deliveryRows, registerEndpoint, runJobs, useWebhookReceivers } from "../helpers/webhooks";

/**
 * The periodic sync over real HTTP, on both drivers: the in-process runner's sweep and the
 * Inngest function (run by @inngest/test). The app clock is moved to make syncs due.
 */
const NOW = "2027-03-08T12:00:00Z";
const MINUTE = 60_000;
const startReceiver = useWebhookReceivers();

async function connected(events: Parameters<typeof calendarOf>[0] = []) {
  await setNow(NOW);
  const ws = await newWorkspace({ timezone: "America/New_York" });
  const server = await startIcsServer();
  server.publish("/secret/basic.ics", { body: calendarOf(events) });
  const created = await api.post(`/v1/staff/${ws.staffId}/external-calendars`, { key: ws.sk, body: { kind: "ics", url: server.url("/secret/basic.ics") } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ws, server, id: created.body.id as string };
}

async function sweep(): Promise<number> {
  const db = currentDb().db;
  return syncDueExternalCalendars({ db, clock: await loadClock(db) }, { limit: 50 });
}

const source = async (ws: TestWorkspace, id: string) =>
  (await api.get(`/v1/staff/${ws.staffId}/external-calendars`, { key: ws.sk })).body.data.find((row: { id: string }) => row.id === id);

describe("periodic sync", () => {
  it("runs every 5 minutes per source, asking conditionally; one sync at a time per source", async () => {
    const { server } = await connected();
    const requests = () => server.requests.length;
    const before = requests();
    await advanceClock(4 * MINUTE);
    await sweep();
    expect(requests()).toBe(before);
    await advanceClock(1 * MINUTE + 1_000);
    // Two sweeps at once (two instances): the claim lets exactly one read the source.
    await Promise.all([sweep(), sweep()]);
    expect(requests()).toBe(before + 1);
    expect(server.requests.at(-1)!.headers["if-none-match"]).toBeDefined();
    await advanceClock(5 * MINUTE + 1_000);
    await sweep();
    expect(requests()).toBe(before + 2);
  });

  it("backs off 5, 10, 20 … minutes while failing, keeps the last good busy times, and disables the source after 7 days", async () => {
    const { ws, server, id } = await connected([{ uid: "a", start: "2027-03-10T15:00:00Z", end: "2027-03-10T16:00:00Z" }]);
    server.publish("/secret/basic.ics", { status: 500 });
    const waits: number[] = [];
    let previous = server.requests.length;
    await advanceClock(5 * MINUTE + 1_000);
    await sweep();
    for (let i = 0; i < 8; i++) {
      const row = (await currentDb().db.select().from(externalCalendars).where(eq(externalCalendars.id, id)))[0]!;
      const now = (await loadClock(currentDb().db)).now();
      waits.push(Math.round((row.nextSyncAt!.getTime() - now.getTime()) / MINUTE));
      await advanceClock(row.nextSyncAt!.getTime() - now.getTime() + 1_000);
      await sweep();
      expect(server.requests.length).toBe(previous + 2);
      previous = server.requests.length - 1;
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 320, 360]);
    const failing = await source(ws, id);
    expect(failing).toMatchObject({ status: "failing", last_error: "The server answered 500.", busy_count: 1 });
    await advanceClock(7 * 24 * 60 * MINUTE);
    await sweep();
    expect(await source(ws, id)).toMatchObject({ status: "disabled", busy_count: 1 });
    const afterDisabled = server.requests.length;
    await advanceClock(24 * 60 * MINUTE);
    await sweep();
    expect(server.requests.length).toBe(afterDisabled);
  });

  it("a source that turns failing sends external_calendar.failing once and again when disabled; each failed read is one log line (warn, error when disabled) without its address", async () => {
    const { ws, server, id } = await connected();
    const receiver = await startReceiver();
    const endpoint = await registerEndpoint(ws, receiver.url, ["external_calendar.failing"]);
    receiver.trust(endpoint.secret);
    server.publish("/secret/basic.ics", { status: 500 });
    const warn = vi.spyOn(getLogger(), "warn");
    const error = vi.spyOn(getLogger(), "error");
    const mine = (calls: unknown[][]) => calls.filter(([fields]) => (fields as { external_calendar_id?: string }).external_calendar_id === id);
    for (let read = 0; read < 3; read++) {
      await advanceClock(6 * 60 * MINUTE + 1_000);
      await sweep();
    }
    const warned = mine(warn.mock.calls);
    expect(warned.map(([fields]) => fields)).toEqual(
      [1, 2, 3].map((attempt) =>
        expect.objectContaining({
          delivery: "calendar_sync",
          outcome: "failed",
          workspace_id: ws.id,
          staff_id: ws.staffId,
          attempt,
          answer: "The server answered 500.",
        }),
      ),
    );
    expect(JSON.stringify(warned)).not.toContain("/secret/");
    await runJobs();
    const announced = () => receiver.received.filter((hook) => hook.json.type === "external_calendar.failing");
    expect(announced()).toHaveLength(1);
    expect(announced()[0]!.verifiedWith).toBe(endpoint.secret);
    expect(announced()[0]!.json.data.external_calendar).toEqual(expect.objectContaining({ id, status: "failing", last_error: "The server answered 500." }));

    await advanceClock(7 * 24 * 60 * MINUTE);
    await sweep();
    expect(mine(error.mock.calls).map(([fields]) => fields)).toEqual([expect.objectContaining({ delivery: "calendar_sync", outcome: "given_up", attempt: 4 })]);
    await runJobs();
    expect(announced().map((hook) => hook.json.data.external_calendar.status)).toEqual(["failing", "disabled"]);
    vi.restoreAllMocks();
  });

  it("announces booking.external_conflict once per booking and busy interval when a sync brings an event onto a booking; nothing is cancelled", async () => {
    const { ws, server, id } = await connected();
    const receiver = await startReceiver();
    const endpoint = await registerEndpoint(ws, receiver.url, ["booking.external_conflict"]);
    const { booking } = await seedBooking(ws, { startsAt: new Date("2027-03-10T15:00:00Z"), status: "confirmed" });
    server.publish("/secret/basic.ics", { body: calendarOf([{ uid: "dentist", start: "2027-03-10T15:30:00Z", end: "2027-03-10T16:30:00Z" }]) });
    await advanceClock(5 * MINUTE + 1_000);
    expect(await sweep()).toBe(1);
    // The next sync brings the same interval again, and a new one elsewhere: no second notice.
    server.publish("/secret/basic.ics", {
      body: calendarOf([
        { uid: "dentist", start: "2027-03-10T15:30:00Z", end: "2027-03-10T16:30:00Z" },
        { uid: "other", start: "2027-03-12T15:30:00Z", end: "2027-03-12T16:30:00Z" },
      ]),
    });
    await advanceClock(5 * MINUTE + 1_000);
    await sweep();
    const deliveries = await deliveryRows(endpoint.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.payload).toMatchObject({
      type: "booking.external_conflict",
      data: {
        booking: { id: booking.id, status: "confirmed", staff: { id: ws.staffId } },
        conflict: { external_calendar_id: id, starts_at: "2027-03-10T10:30:00-05:00", ends_at: "2027-03-10T11:30:00-05:00" },
      },
    });
    expect((await api.get(`/v1/bookings/${booking.id}`, { key: ws.sk })).body.status).toBe("confirmed");
  });
});

describe("sync-external-calendars on both drivers", () => {
  it("Inngest: a cron function, one run at a time, that syncs what is due", async () => {
    expect(syncExternalCalendars.opts).toMatchObject({ id: "sync-external-calendars", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 } });
    const { ws, server, id } = await connected();
    server.publish("/secret/basic.ics", { body: calendarOf([{ uid: "x", start: "2027-03-10T15:00:00Z", end: "2027-03-10T16:00:00Z" }]) });
    await advanceClock(5 * MINUTE + 1_000);
    const { result } = await new InngestTestEngine({ function: syncExternalCalendars }).execute();
    expect(result).toEqual({ synced: 1, written: 0 });
    expect(await source(ws, id)).toMatchObject({ status: "ok", busy_count: 1 });
  });

  it("in-process runner: syncs what is due on its own interval", async () => {
    const { ws, server, id } = await connected();
    server.publish("/secret/basic.ics", { body: calendarOf([{ uid: "x", start: "2027-03-10T15:00:00Z", end: "2027-03-10T16:00:00Z" }]) });
    await advanceClock(5 * MINUTE + 1_000);
    const runner = startInProcessRunner({ intervalMs: 20 });
    try {
      await expect.poll(async () => (await source(ws, id)).busy_count, { timeout: 10_000 }).toBe(1);
    } finally {
      await runner?.stop();
    }
  });
});
