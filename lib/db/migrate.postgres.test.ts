import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { withDatabase } from "@/tests/helpers/global-setup";
import { MIGRATIONS_FOLDER, migrateDb, openDb, type DbHandle } from "./client";

/**
 * Three instances starting at once on an empty PostgreSQL database, each migrating through its
 * own pool, as they do through DATABASE_URL (a pooler's, in CI's PgBouncer pass: transaction
 * mode, where a session lock means nothing): all three succeed, every migration is applied
 * once, and a later start finds nothing to do.
 */
describe.runIf(process.env.DATABASE_URL)("migrations on a shared database", () => {
  const name = `booking_mig_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const direct = process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL!;
  const handles: DbHandle[] = [];
  let admin: DbHandle;

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin?.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin?.close();
  });

  it("three instances migrating together: all succeed and each migration runs once", async () => {
    admin = await openDb({ url: direct, maxConnections: 1 });
    await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
    for (let i = 0; i < 3; i++) handles.push(await openDb({ url: withDatabase(process.env.DATABASE_URL!, name), maxConnections: 3 }));
    const outcomes = await Promise.allSettled(handles.map((handle) => migrateDb(handle)));
    expect(outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason) : "ok"))).toEqual(["ok", "ok", "ok"]);

    const files = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith(".sql"));
    const applied = await handles[0]!.db.execute(sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`);
    const [row] = (Array.isArray(applied) ? applied : (applied as { rows: unknown[] }).rows) as { n: number; distinct_n: number }[];
    expect(row).toEqual({ n: files.length, distinct_n: files.length });
    // A later start applies nothing and still succeeds.
    await migrateDb(handles[1]!);
    const again = await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(((Array.isArray(again) ? again : (again as { rows: unknown[] }).rows) as { n: number }[])[0]!.n).toBe(files.length);
  });
});
