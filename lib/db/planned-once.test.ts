import { and, eq, ne, sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "./client";
import { plannedOnce } from "./planned-once";

/**
 * plannedOnce on the embedded database: the same rows, typed and mapped as drizzle's own
 * prepared query gives them, from a statement PGlite has PREPAREd once.
 */
const things = pgTable("planned_once_things", {
  name: text().primaryKey(),
  count: integer().notNull(),
  seenAt: timestamp({ withTimezone: true }).notNull(),
  settings: jsonb().$type<{ on: boolean }[]>().notNull(),
  active: boolean().notNull(),
  note: text(),
});

let handle: DbHandle;

beforeAll(async () => {
  handle = await openDb({});
  await handle.db.execute(
    sql`CREATE TABLE planned_once_things (name text PRIMARY KEY, count integer NOT NULL, seen_at timestamptz NOT NULL, settings jsonb NOT NULL, active boolean NOT NULL, note text)`,
  );
  await handle.db.insert(things).values([
    { name: "O'Brien", count: 3, seenAt: new Date("2030-03-10T07:30:00.123Z"), settings: [{ on: true }], active: true, note: null },
    { name: "Zoë 🗓", count: -1, seenAt: new Date("2029-11-04T01:30:00Z"), settings: [], active: false, note: "it's" },
  ]);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

const select = (name: string) =>
  handle.db
    .select({ thing: things, doubled: sql<number>`${things.count} * 2` })
    .from(things)
    // A string, a number and a boolean parameter.
    .where(
      and(eq(things.name, sql.placeholder("name")), ne(things.count, sql.placeholder("notCount")), sql`(${things.active} OR ${sql.placeholder("anyActive")})`),
    )
    .prepare(name);

describe("plannedOnce (PGlite)", () => {
  it("returns what drizzle's prepared query returns, for any string, from one PREPAREd statement", async () => {
    const plain = select("plain_things");
    const planned = plannedOnce(select("planned_things"), "planned_things");
    for (const name of ["O'Brien", "Zoë 🗓", "nobody", "'; DROP TABLE planned_once_things; --"]) {
      expect(await planned.execute({ name, notCount: 7, anyActive: true })).toEqual(await plain.execute({ name, notCount: 7, anyActive: true }));
    }
    const [row] = await planned.execute({ name: "O'Brien", notCount: 7, anyActive: false });
    expect(row!.thing.seenAt).toEqual(new Date("2030-03-10T07:30:00.123Z"));
    expect(row!.thing.settings).toEqual([{ on: true }]);
    expect(await planned.execute({ name: "Zoë 🗓", notCount: 7, anyActive: false })).toEqual([]);
    expect(await planned.execute({ name: "Zoë 🗓", notCount: -1, anyActive: true })).toEqual([]);
    const statements = (await handle.db.execute(sql`SELECT name FROM pg_prepared_statements`)) as unknown as { rows: { name: string }[] };
    expect(statements.rows.map((statement) => statement.name)).toEqual(["planned_things"]);
    expect(await handle.db.select({ n: sql<number>`count(*)::int` }).from(things)).toEqual([{ n: 2 }]);
  });

  it("shares a statement already prepared under its name in the session", async () => {
    const again = plannedOnce(select("planned_things"), "planned_things");
    expect((await again.execute({ name: "Zoë 🗓", notCount: 7, anyActive: true }))[0]!.thing.note).toBe("it's");
  });

  it("refuses a parameter it cannot write as a literal", async () => {
    const planned = plannedOnce(select("planned_bad"), "planned_bad");
    // Drizzle wraps the error in its "Failed query" error, with ours as the cause.
    const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/string, number, boolean and null parameters only/) }) };
    await expect(planned.execute({ name: { not: "a string" } as never, notCount: 7, anyActive: true })).rejects.toMatchObject(refusal);
    await expect(planned.execute({ name: "a\0b", notCount: 7, anyActive: true })).rejects.toMatchObject(refusal);
  });
});
