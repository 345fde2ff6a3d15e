import { afterEach, describe, expect, it, vi } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { inngest } from "@/lib/jobs/inngest-client";
import { currentDb } from "@/tests/helpers/test-db";
import { afterCommit, withSavepoint, withTransaction } from "./transaction";
// Registers the after-commit announcer (the jobs driver), as every caller of the app does at start.
import "@/lib/context";

/**
 * The one after-commit mechanism: effects recorded on a transaction are announced (here, to
 * Inngest) once, after the outermost commit, and never when the transaction rolls back.
 */
afterEach(() => {
  vi.restoreAllMocks();
  setConfigForTesting(undefined);
});

function announcedBookingIds(send: { mock: { calls: unknown[][] } }): string[] {
  return send.mock.calls
    .flatMap(([payload]) => [payload].flat() as { data: { bookingId?: string; deliveryId?: string } }[])
    .map((event) => event.data.bookingId ?? event.data.deliveryId ?? "");
}

function spyOnInngest() {
  setConfigForTesting({ inngest: { enabled: true } });
  return vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);
}

const settled = (bookingId: string) => ({ type: "hold.settled" as const, bookingId });

describe("withTransaction and afterCommit", () => {
  it("announces nothing when the transaction rolls back", async () => {
    const send = spyOnInngest();
    await expect(
      withTransaction(currentDb(), async (tx) => {
        await afterCommit(tx, settled("rolled-back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(send).not.toHaveBeenCalled();
  });

  it("announces each effect once, after the commit, in the order recorded", async () => {
    const send = spyOnInngest();
    let sentBeforeCommit = -1;
    await withTransaction(currentDb(), async (tx) => {
      await afterCommit(tx, settled("first"));
      await afterCommit(tx, { type: "webhook.delivery", deliveryId: "delivery-1", endpointId: "endpoint-1" });
      await afterCommit(tx, settled("second"));
      sentBeforeCommit = send.mock.calls.length;
    });
    expect(sentBeforeCommit).toBe(0);
    expect(announcedBookingIds(send)).toEqual(["first", "second", "delivery-1"]);
  });

  it("a verb called inside another's transaction reuses it: its effects wait for the outer commit", async () => {
    const send = spyOnInngest();
    await withTransaction(currentDb(), async (tx) => {
      const inner = await withTransaction({ db: tx }, async (same) => {
        await afterCommit(same, settled("inner"));
        return same;
      });
      expect(inner).toBe(tx);
      expect(send).not.toHaveBeenCalled();
    });
    expect(announcedBookingIds(send)).toEqual(["inner"]);
  });

  it("a savepoint that rolls back drops its effects; the enclosing commit announces the rest once", async () => {
    const send = spyOnInngest();
    await withTransaction(currentDb(), async (tx) => {
      await afterCommit(tx, settled("kept"));
      await withSavepoint(tx, async (savepoint) => afterCommit(savepoint, settled("released")));
      await withSavepoint(tx, async (savepoint) => {
        await afterCommit(savepoint, settled("dropped"));
        throw new Error("lost the race");
      }).catch(() => undefined);
    });
    expect(announcedBookingIds(send)).toEqual(["kept", "released"]);
  });

  it("refuses an effect on a transaction it cannot see commit, and a write nested in one", async () => {
    const send = spyOnInngest();
    await expect(currentDb().db.transaction((tx) => afterCommit(tx, settled("unseen")))).rejects.toThrow(/withTransaction/);
    await expect(currentDb().db.transaction((tx) => withTransaction({ db: tx }, async (same) => afterCommit(same, settled("early"))))).rejects.toThrow(
      /withTransaction/,
    );
    expect(send).not.toHaveBeenCalled();
  });
});
