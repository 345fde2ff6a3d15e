import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/lib/db/client";
import { workspaces } from "@/lib/db/schema";
import { newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";

/**
 * Every statement the app sends is planned once per database session (lib/db/statement-cache.ts):
 * on PostgreSQL a named statement per connection, inside transactions and savepoints too; on
 * PGlite one PREPAREd statement in its one session.
 */
let own: DbHandle | undefined;

afterAll(async () => {
  await own?.close();
});

/** A handle on the test's database with one session, so pg_prepared_statements shows what it prepared. */
async function oneSession(): Promise<DbHandle> {
  const handle = currentDb();
  if (handle.driver !== "postgres") return handle;
  const [row] = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  own = await openDb({ url: url.toString(), maxConnections: 1 });
  return own;
}

async function preparedTexts(handle: DbHandle): Promise<string[]> {
  const result = (await handle.db.execute(sql`select statement from pg_prepared_statements`)) as unknown as
    { statement: string }[] | { rows: { statement: string }[] };
  return (Array.isArray(result) ? result : result.rows).map((row) => row.statement);
}

describe("statements planned once", () => {
  it("sends reads and writes as prepared statements, in and out of transactions and savepoints", async () => {
    const ws = await newWorkspace();
    const handle = await oneSession();
    const read = () => handle.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, ws.id));
    expect(await read()).toEqual(await read());
    await handle.db.transaction(async (tx) => {
      await tx.update(workspaces).set({ blurb: "Outside the savepoint" }).where(eq(workspaces.id, ws.id));
      await tx.transaction(async (savepoint) => {
        await savepoint.update(workspaces).set({ websiteUrl: "https://example.com/" }).where(eq(workspaces.id, ws.id));
      });
    });
    const [after] = await handle.db.select({ blurb: workspaces.blurb, websiteUrl: workspaces.websiteUrl }).from(workspaces).where(eq(workspaces.id, ws.id));
    expect(after).toEqual({ blurb: "Outside the savepoint", websiteUrl: "https://example.com/" });
    const texts = await preparedTexts(handle);
    const containing = (part: string) => texts.filter((text) => text.includes(part));
    expect(containing('select "name" from "workspaces"')).toHaveLength(1);
    expect(containing('update "workspaces" set "blurb"')).toHaveLength(1);
    expect(containing('update "workspaces" set "website_url"')).toHaveLength(1);
  });
});
