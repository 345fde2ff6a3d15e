import { connect, createServer, type Server } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as logger from "@/lib/log/logger";
import { currentDatabaseUrl, currentDb } from "@/tests/helpers/test-db";
import { migrateDb, openDb, type DbHandle } from "./client";
import { PROBE_TIMEOUT_MS, SUSPECT_AFTER_MS } from "./connection-gate";

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

/**
 * A database whose every new connection takes 3 s to answer its start-up, as one did for an
 * instance starting on a loaded machine: longer than the gate's suspicion and its probe's
 * round trip together, well within the connect time-out. The probe must wait for its own
 * connection as the pool does, and not close a pool that is about to answer.
 */
describe.runIf(process.env.DATABASE_URL)("a PostgreSQL whose new connections are slow to answer", () => {
  const CONNECT_DELAY_MS = 3_000;
  let proxy: Server;
  let slowUrl: string;

  beforeAll(async () => {
    const target = new URL(currentDatabaseUrl()!);
    const [host, port] = [target.hostname, Number(target.port || 5432)];
    // Passes bytes both ways once CONNECT_DELAY_MS has passed since the connection came.
    proxy = createServer((client) => {
      client.pause();
      const timer = setTimeout(() => {
        const upstream = connect(port, host);
        upstream.on("error", () => client.destroy());
        client.on("error", () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      }, CONNECT_DELAY_MS);
      client.on("close", () => clearTimeout(timer));
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const address = proxy.address() as { port: number };
    target.hostname = "127.0.0.1";
    target.port = String(address.port);
    slowUrl = target.toString();
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
  });

  it("a starting instance migrates and answers once its first connection is made, the pool never closed", async () => {
    expect(CONNECT_DELAY_MS).toBeGreaterThan(SUSPECT_AFTER_MS + PROBE_TIMEOUT_MS);
    const unreachable = vi.spyOn(logger.getLogger(), "error");
    const handle = await openDb({ url: slowUrl });
    try {
      const started = performance.now();
      await migrateDb(handle);
      const rows = (await handle.db.execute(sql`SELECT 1 AS one`)) as unknown as { one: number }[];
      expect(rows[0]?.one).toBe(1);
      expect(performance.now() - started).toBeGreaterThanOrEqual(CONNECT_DELAY_MS);
      expect(unreachable.mock.calls.filter(([fields]) => (fields as { event?: string })?.event === "database_unreachable")).toEqual([]);
    } finally {
      unreachable.mockRestore();
      await handle.close();
    }
  });
});
