import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { route } from "@/lib/http/route";
import { defineOperation } from "@/lib/openapi/operation";
import { api, BASE_URL } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";

/**
 * PostgreSQL text cannot hold U+0000. A client sending it must get a 422, never a 500: bodies
 * are screened by the kernel (naming the field), and anything else reaching the database is
 * mapped from the database's refusal.
 */
describe("text the database cannot store (U+0000)", () => {
  it("refuses a body string carrying NUL with 422 naming its path, on any route", async () => {
    const ws = await newWorkspace();
    const raw = (body: string) => api.post("/v1/services", { key: ws.sk, rawBody: body, headers: { "Content-Type": "application/json" } });
    expectError(await raw('{"name":"a\\u0000b","duration_minutes":30,"payment_mode":"none"}'), 422, "validation_failed", "name");
    expectError(await raw('{"name":"ok","duration_minutes":30,"payment_mode":"none","x":{"y":["fine","\\u0000"]}}'), 422, "validation_failed", "x.y.1");
    expectError(await raw('"\\u0000"'), 422, "validation_failed");
    const deep = `${"[".repeat(5_000)}"\\u0000"${"]".repeat(5_000)}`;
    expectError(await raw(deep), 422, "validation_failed");
    expect((await api.get("/v1/services", { key: ws.sk })).body.data).toEqual([]);
  });

  it("maps the database's refusal of NUL elsewhere (path or query) to 422, not 500", async () => {
    const operation = defineOperation({
      id: "probeText",
      method: "GET",
      path: "/v1/probe-text",
      tag: "Probe",
      summary: "probe",
      auth: "public",
      query: z.object({ q: z.string() }),
      response: { status: 200, schema: z.unknown() },
      errors: [],
    });
    const handle = route(operation, async ({ query }) => {
      await (await getDb()).execute(sql`select ${query.q}::text as q`);
      return { ok: true };
    });
    const response = await handle(new Request(`${BASE_URL}/v1/probe-text?q=a%00b`), { params: Promise.resolve({}) });
    expect(response.status).toBe(422);
    expect((await response.json()).error.type).toBe("validation_failed");
  });
});
