import { describe, expect, it } from "vitest";
import { openDb, setDbForTesting } from "@/lib/db/client";
import { api } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";

/**
 * A database that cannot answer (down, restarted, a pooler that lost a statement) is never
 * taken for a bad key: a valid secret key is answered 503 transient_failure in the envelope,
 * not 401 or 403, and the same key works again once the database is back (docs/deploy.md).
 */
describe("when the database cannot answer", () => {
  it("a valid key gets 503 transient_failure, never 401, and works again afterwards", async () => {
    const ws = await newWorkspace();
    expect((await api.get("/v1/services", { key: ws.sk })).status).toBe(200);

    // A handle whose connection is gone: every query fails below the SQL.
    const broken = process.env.DATABASE_URL ? await openDb({ url: "postgres://postgres@127.0.0.1:1/none", maxConnections: 1 }) : await openDb({});
    if (!process.env.DATABASE_URL) await broken.close();
    setDbForTesting(broken);
    try {
      for (const [path, key] of [
        ["/v1/services", ws.sk],
        ["/v1/workspace", ws.sk],
        [`/v1/account/workspaces`, ws.accountKey],
      ] as const) {
        const response = await api.get(path, { key });
        expectError(response, 503, "transient_failure");
      }
      const create = await api.post("/v1/services", { key: ws.sk, body: { name: "x", duration_minutes: 30 } });
      expectError(create, 503, "transient_failure");
    } finally {
      setDbForTesting(currentDb());
      if (process.env.DATABASE_URL) await broken.close();
    }
    expect((await api.get("/v1/services", { key: ws.sk })).status).toBe(200);
  });
});
