import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { currentDb } from "@/tests/helpers/test-db";
import { isSingleSession } from "./single-session";
import { withSavepoint, withTransaction } from "./transaction";

/**
 * lockCalendarRange leaves its locks out where isSingleSession holds: that is sound only while
 * PGlite runs a transaction alone. Both are held here, on whichever database the suite runs.
 */
describe("isSingleSession", () => {
  it("names the embedded database in a handle, its transactions and their savepoints, and nothing on PostgreSQL", async () => {
    const handle = currentDb();
    const embedded = handle.driver === "pglite";
    expect(isSingleSession(handle.db)).toBe(embedded);
    await withTransaction(handle, async (tx) => {
      expect(isSingleSession(tx)).toBe(embedded);
      await withSavepoint(tx, async (savepoint) => expect(isSingleSession(savepoint)).toBe(embedded));
    });
  });

  it("holds where a transaction runs alone: a statement sent meanwhile from outside waits for its end only there", async () => {
    const handle = currentDb();
    const single = isSingleSession(handle.db);
    const events: string[] = [];
    let outside: Promise<unknown> | undefined;
    await withTransaction(handle, async (tx) => {
      await tx.execute(sql`select 1`);
      outside = handle.db.execute(sql`select 2`).then(() => events.push("outside answered"));
      // On PostgreSQL the outside statement is answered while the transaction is still open (awaited, never
      // timed: opening a second connection on a loaded machine took longer than any fixed wait). Embedded, it is
      // given time to be answered, were it free to run.
      if (single) await new Promise((resolve) => setTimeout(resolve, 100));
      else await outside;
      await tx.execute(sql`select 3`);
      events.push("transaction ended");
    });
    await outside;
    expect(events).toEqual(single ? ["transaction ended", "outside answered"] : ["outside answered", "transaction ended"]);
  });
});
