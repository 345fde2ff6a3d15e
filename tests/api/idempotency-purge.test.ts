import { InngestTestEngine } from "@inngest/test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { jobContext } from "@/lib/context";
import { idempotencyKeys } from "@/lib/db/schema";
import { expiredIdempotencyKeySweep } from "@/lib/idempotency/purge-expired-keys";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { runDueWorkBackstop } from "@/lib/jobs/inngest-functions";
import { DUE_WORK_SWEEPS } from "@/lib/jobs/sweeps";
import { fixedClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { clientIpOf, localAt, newCustomer, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";

/**
 * docs/idempotency.md: a key is kept 24 hours, then its row is deleted by a background sweep,
 * so the table holds one day of keys instead of every key ever sent.
 */
const HOUR_MS = 3_600_000;
const db = () => currentDb().db;

const create = (ws: TestWorkspace, key: string, body: unknown) =>
  api.post("/v1/bookings", { key: ws.sk, body, headers: { "Idempotency-Key": key, ...clientIpOf(ws) } });

async function keysOf(ws: TestWorkspace): Promise<string[]> {
  const rows = await db()
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.workspaceId, ws.id))
    .orderBy(asc(idempotencyKeys.key));
  return rows.map((row) => row.key);
}

/**
 * A new workspace with its app clock pinned at a start; `bookAt(key, hoursLater, time)` moves
 * the clock that many hours past the start and books `time` three days after it under `key`.
 */
async function pinnedWorkspace() {
  const ws = await newWorkspace();
  const service = await addService(ws);
  const start = new Date();
  const at = (hoursLater: number) => setNow(new Date(start.getTime() + hoursLater * HOUR_MS));
  const bookAt = async (key: string, hoursLater: number, time: string) => {
    await at(hoursLater);
    const body = { service_id: service.id, starts_at: localAt(ws, 3, time, start), customer: newCustomer() };
    const first = await create(ws, key, body);
    expect(first.status).toBe(201);
    return { body, first };
  };
  return { ws, at, bookAt };
}

describe("expired Idempotency-Keys are purged", () => {
  it("the in-process runner deletes a key once its 24 hours are over and keeps a younger one, which still replays", async () => {
    expect(DUE_WORK_SWEEPS).toContain(expiredIdempotencyKeySweep);
    const { ws, at, bookAt } = await pinnedWorkspace();
    await bookAt("older", 0, "10:00");
    const { body: younger, first } = await bookAt("younger", 12, "12:00");
    expect(await keysOf(ws)).toEqual(["older", "younger"]);

    // One minute past the older key's 24 hours; the younger one has 12 hours left.
    await at(24 + 1 / 60);
    const runner = startInProcessRunner({ intervalMs: 20 });
    expect(runner).toBeDefined();
    try {
      await vi.waitFor(async () => expect(await keysOf(ws)).toEqual(["younger"]), { timeout: 5_000, interval: 20 });
    } finally {
      await runner!.stop();
    }
    const replay = await create(ws, "younger", younger);
    expect([replay.status, replay.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(replay.body).toEqual(first.body);
  });

  it("the Inngest cron backstop runs the same sweep", async () => {
    const { ws, at, bookAt } = await pinnedWorkspace();
    await bookAt("once", 0, "10:00");
    await at(24 + 1 / 60);

    const { result } = await new InngestTestEngine({ function: runDueWorkBackstop }).execute();
    expect(result).toMatchObject({ "idempotency-keys-expired": 1 });
    expect(await keysOf(ws)).toEqual([]);
  });

  it("deletes at most its limit per round, the longest expired first, on the clock it is given", async () => {
    const ws = await newWorkspace();
    const now = new Date("2020-01-01T00:00:00Z");
    const row = (key: string, expiresAt: string) => ({
      workspaceId: ws.id,
      key,
      requestHash: "h",
      responseStatus: 201,
      responseBody: {},
      expiresAt: new Date(expiresAt),
    });
    await db()
      .insert(idempotencyKeys)
      .values([
        row("expired-21h", "2019-12-31T21:00:00Z"),
        row("expired-22h", "2019-12-31T22:00:00Z"),
        row("expired-now", "2020-01-01T00:00:00Z"),
        row("live", "2020-01-01T00:00:01Z"),
      ]);
    const ctx = jobContext({ db: db(), clock: fixedClock(now) }, "test");

    expect(await expiredIdempotencyKeySweep.run(ctx, { limit: 2 })).toBe(2);
    expect(await keysOf(ws)).toEqual(["expired-now", "live"]);
    expect(await expiredIdempotencyKeySweep.run(ctx, { limit: 2 })).toBe(1);
    expect(await expiredIdempotencyKeySweep.run(ctx, { limit: 2 })).toBe(0);
    expect(await keysOf(ws)).toEqual(["live"]);
  });
});
