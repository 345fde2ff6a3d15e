import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ensureDemoWorkspace } from "@/lib/cli/demo";
import { setConfigForTesting } from "@/lib/config";
import { openDb, type DbHandle } from "@/lib/db/client";
import { workspaces } from "@/lib/db/schema";
import { currentDatabaseUrl, currentDb } from "../helpers/test-db";
import { api } from "../helpers/api";

/**
 * Three instances seeding the demo at once on an empty database (SEED_DEMO, docs/deploy.md):
 * one seeds it, the others show it, none fails; on PostgreSQL no local folder is needed.
 */
const opened: DbHandle[] = [];
afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()));
});

describe("the demo workspace, seeded by instances that start together", () => {
  it("is seeded once, shown to the others, and its booking page answers", async () => {
    const url = currentDatabaseUrl();
    const missingFolder = path.join(mkdtempSync(path.join(os.tmpdir(), "demo-seed-")), "never-created");
    // On PostgreSQL each instance has its own pool; the embedded database has one process.
    if (url) {
      setConfigForTesting({ isEmbedded: false, dataDir: missingFolder });
      for (let i = 0; i < 3; i++) opened.push(await openDb({ url, maxConnections: 2 }));
    } else {
      setConfigForTesting({ dataDir: missingFolder });
    }
    const dbs = url ? opened.map((handle) => handle.db) : [currentDb().db, currentDb().db, currentDb().db];

    const results = await Promise.all(dbs.map((db) => ensureDemoWorkspace(db)));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.publishable_key)).size).toBe(1);
    expect(await currentDb().db.select().from(workspaces).where(eq(workspaces.slug, "demo"))).toHaveLength(1);
    expect(results.find((result) => result.created)?.secret_key).toMatch(/^sk_/);
    // PostgreSQL: nothing written locally (instances share no folder).
    if (url) expect(existsSync(missingFolder)).toBe(false);
    expect((await api.get("/v1/public/workspaces/demo")).status).toBe(200);
  });
});
