import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys } from "@/lib/db/schema";
import { withIdempotency } from "@/lib/http/idempotency";
import { newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";

/**
 * docs/idempotency.md, "Retention": a key is live for 24 hours and its row is deleted by a sweep
 * some time after. Between the two, the expired row must not stand in the way of the key's
 * next use, whichever way that use is recorded.
 */
const HOUR_MS = 3_600_000;
const db = () => currentDb().db;

describe("an expired Idempotency-Key row the sweep has not deleted yet", () => {
  it("is taken over by work that wrote no transaction: its answer is stored, and a repeat replays it instead of running again", async () => {
    const ws = await newWorkspace();
    const now = new Date("2026-03-08T12:00:00Z");
    await db()
      .insert(idempotencyKeys)
      .values({
        workspaceId: ws.id,
        key: "reused",
        requestHash: "an older request",
        responseStatus: 200,
        responseBody: { old: true },
        createdAt: new Date(now.getTime() - 25 * HOUR_MS),
        expiresAt: new Date(now.getTime() - HOUR_MS),
      });

    let runs = 0;
    const work = {
      execute: async () => {
        runs++;
        return { status: 200, body: { run: runs } };
      },
      resume: async () => {
        throw new Error("nothing was recorded to resume from");
      },
    };
    const scope = { workspaceId: ws.id, key: "reused", fingerprint: "POST /v1/example\n{}", now };
    const first = await withIdempotency(db(), scope, work);
    const again = await withIdempotency(db(), { ...scope, now: new Date(now.getTime() + 60_000) }, work);

    expect(first).toEqual({ status: 200, body: { run: 1 }, replayed: false });
    expect(again).toEqual({ status: 200, body: { run: 1 }, replayed: true });
    expect(runs).toBe(1);
    const [row] = await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.workspaceId, ws.id), eq(idempotencyKeys.key, "reused")));
    expect(row?.expiresAt.getTime()).toBe(now.getTime() + 24 * HOUR_MS);
  });
});
