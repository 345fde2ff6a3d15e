import { PGlite } from "@electric-sql/pglite";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { boolean, date, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache";

/**
 * The embedded database's statement cache: every statement gives exactly what PGlite's own
 * path gives (rows typed and mapped by drizzle, counts, errors), from a statement PREPAREd once.
 */
const things = pgTable("cached_things", {
  name: text().primaryKey(),
  count: integer().notNull(),
  seenAt: timestamp({ withTimezone: true }).notNull(),
  day: date().notNull(),
  settings: jsonb().$type<{ on: boolean }[]>().notNull(),
  tags: text().array().notNull(),
  active: boolean().notNull(),
  note: text(),
});

let raw: PGlite;
let plain: ReturnType<typeof drizzle>;
let cached: ReturnType<typeof drizzle>;

beforeAll(async () => {
  raw = new PGlite();
  await raw.waitReady;
  plain = drizzle({ client: raw, casing: "snake_case" });
  cached = drizzle({ client: withStatementCache(raw), casing: "snake_case" });
  await raw.exec(
    `CREATE TABLE cached_things (name text PRIMARY KEY, count integer NOT NULL CHECK (count < 100), seen_at timestamptz NOT NULL, day date NOT NULL, settings jsonb NOT NULL, tags text[] NOT NULL, active boolean NOT NULL, note text)`,
  );
}, 60_000);

afterAll(async () => {
  await raw?.close();
});

const rows = [
  {
    name: "O'Brien",
    count: 3,
    seenAt: new Date("2030-03-10T07:30:00.123Z"),
    day: "2030-03-10",
    settings: [{ on: true }],
    tags: ["a,b", 'say "hi"'],
    active: true,
    note: null,
  },
  { name: "Zoë 🗓", count: -1, seenAt: new Date("2029-11-04T01:30:00Z"), day: "2029-11-04", settings: [], tags: [], active: false, note: "it's" },
];

/** The texts prepared in PGlite's session (pg_prepared_statements holds the whole PREPARE). */
const prepared = async (): Promise<string[]> =>
  (await raw.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements")).rows.map((row) => row.statement.replace(/^PREPARE \w+ AS /, ""));

describe("withStatementCache (PGlite)", () => {
  it("writes and reads what PGlite's own path does, for any value, from statements prepared once", async () => {
    await cached.insert(things).values(rows[0]!);
    await cached.insert(things).values(rows[1]!);
    const select = (db: typeof plain, name: string, notCount: number, anyActive: boolean) =>
      db
        .select({ thing: things, doubled: sql<number>`${things.count} * 2` })
        .from(things)
        .where(and(eq(things.name, name), ne(things.count, notCount), sql`(${things.active} OR ${anyActive})`));
    for (const name of ["O'Brien", "Zoë 🗓", "nobody", "'; DROP TABLE cached_things; --"]) {
      for (const [notCount, anyActive] of [
        [7, true],
        [3, false],
        [-1, true],
      ] as const) {
        expect(await select(cached, name, notCount, anyActive)).toEqual(await select(plain, name, notCount, anyActive));
      }
    }
    const all = await cached.select().from(things).orderBy(things.name);
    expect(all).toEqual(rows);
    expect(
      await cached
        .select()
        .from(things)
        .where(inArray(things.name, ["Zoë 🗓", "x"])),
    ).toEqual([rows[1]]);
    // One statement per distinct text, each prepared once however often it ran.
    const statements = await prepared();
    expect(statements.filter((text) => /^insert into "cached_things"/.test(text))).toHaveLength(1);
    expect(statements.filter((text) => text.includes("* 2"))).toHaveLength(1);
  });

  it("counts the rows a write touched and returns what it returned", async () => {
    const updated = await cached.update(things).set({ note: "again" }).where(ne(things.name, "nobody"));
    expect(updated.affectedRows).toBe(2);
    const returned = await cached
      .update(things)
      .set({ count: sql`${things.count} + ${1}` })
      .where(eq(things.name, "O'Brien"))
      .returning({ count: things.count });
    expect(returned).toEqual([{ count: 4 }]);
    const none = await cached.delete(things).where(eq(things.name, "nobody"));
    expect(none.affectedRows).toBe(0);
  });

  it("fails a statement as PGlite's own path does, and keeps serving it afterwards", async () => {
    const tooMany = (db: typeof plain) => db.update(things).set({ count: 500 }).where(eq(things.name, "O'Brien"));
    const expected = await tooMany(plain).catch((error: { cause?: { code?: string; constraint?: string } }) => error.cause);
    expect(expected).toMatchObject({ code: "23514", constraint: "cached_things_count_check" });
    // The first call prepares; the second is an EXECUTE: both fail alike, and nothing changed.
    for (let i = 0; i < 2; i++) {
      await expect(tooMany(cached)).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23514", constraint: "cached_things_count_check" }) });
    }
    expect((await cached.select({ count: things.count }).from(things).where(eq(things.name, "O'Brien")))[0]!.count).toBe(4);
    // A text that does not prepare fails with the database's own error.
    await expect(cached.execute(sql`select nothing from cached_things`)).rejects.toMatchObject({ cause: expect.objectContaining({ code: "42703" }) });
  });

  it("serves inside transactions, keeps statements across a rollback and leaves the rollback whole", async () => {
    const rename = (db: typeof plain, from: string, to: string) => db.update(things).set({ name: to }).where(eq(things.name, from));
    await expect(
      cached.transaction(async (tx) => {
        await rename(tx as never, "Zoë 🗓", "renamed");
        await tx.insert(things).values({ ...rows[1]!, name: "new one" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await cached.select({ name: things.name }).from(things).orderBy(things.name)).map((row) => row.name)).toEqual(["O'Brien", "Zoë 🗓"]);
    await cached.transaction(async (tx) => {
      await rename(tx as never, "Zoë 🗓", "renamed");
    });
    expect((await plain.select({ name: things.name }).from(things).orderBy(things.name)).map((row) => row.name)).toEqual(["O'Brien", "renamed"]);
    const statements = await prepared();
    expect(statements.filter((text) => text.startsWith('update "cached_things" set "name"'))).toHaveLength(1);
  });

  it("never has a transaction wait for a statement being prepared behind it", async () => {
    const count = (db: typeof plain) => db.select({ n: sql<number>`count(*)::int + 0` }).from(things);
    let outside: Promise<unknown> | undefined;
    const inside = await cached.transaction(async (tx) => {
      // Outside the transaction, this first sight of the text waits for the transaction to end.
      outside = count(cached);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return count(tx as never);
    });
    expect(inside).toEqual([{ n: 2 }]);
    expect(await outside).toEqual([{ n: 2 }]);
  });

  it("takes PGlite's own path for statements it does not keep", async () => {
    const before = (await prepared()).length;
    await cached.execute(sql`create temporary table scratch (n int)`);
    await cached.execute(sql`savepoint never_in_a_transaction`).catch(() => undefined);
    expect(await prepared()).toHaveLength(before);
  });
});
