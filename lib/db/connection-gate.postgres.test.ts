import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentDatabaseUrl, currentDb } from "@/tests/helpers/test-db";
import { openDb, type DbHandle } from "./client";

/**
 * On PostgreSQL, a pool whose connections are all taken: the work that queues behind them
 * (a hundred plain statements, then transactions, the order in which postgres.js used to send
 * a BEGIN without reserving its connection) all succeeds, every transaction commits what it
 * wrote, and no connection is left inside a transaction.
 */
describe.runIf(process.env.DATABASE_URL)("a full PostgreSQL pool", () => {
  let small: DbHandle;

  beforeAll(async () => {
    small = await openDb({ url: currentDatabaseUrl(), maxConnections: 2 });
    await small.db.execute(sql`CREATE TABLE gate_rows (n integer NOT NULL)`);
  });

  afterAll(async () => {
    await small?.close();
  });

  it("runs a hundred statements and four transactions queued behind two busy connections, each on a connection of its own", async () => {
    const { db } = small;
    const read = (n: number) => db.execute(sql`SELECT ${n}::int AS n, current_setting('transaction_isolation') AS isolation`);
    // Both connections have the read prepared, so nothing stops postgres.js from pipelining it.
    await Promise.all(Array.from({ length: 20 }, (_, n) => read(n)));
    // Both connections busy; one comes free first and meets all the work queued meanwhile.
    const holders = [0.2, 0.4].map((seconds) => db.transaction((tx) => tx.execute(sql`SELECT pg_sleep(${seconds})`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const plain = Array.from({ length: 100 }, (_, n) => read(n).then((rows) => rows));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const writes = [1, 2, 3, 4].map((n) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO gate_rows (n) VALUES (${n})`);
        return n;
      }),
    );
    const settled = await Promise.allSettled([...holders, ...plain, ...writes]);
    expect(settled.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    expect(await Promise.all(writes)).toEqual([1, 2, 3, 4]);
    const answers = (await Promise.all(plain)) as unknown as { n: number; isolation: string }[][];
    expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 100 }, (_, n) => n));

    // Seen from another pool: all four rows committed, no connection of ours left in a transaction.
    const rows = (await currentDb().db.execute(sql`SELECT n FROM gate_rows ORDER BY n`)) as unknown as { n: number }[];
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3, 4]);
    const stuck = (await currentDb().db.execute(
      sql`SELECT count(*)::int AS stuck FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    )) as unknown as { stuck: number }[];
    expect(stuck[0]?.stuck).toBe(0);
  });
});
