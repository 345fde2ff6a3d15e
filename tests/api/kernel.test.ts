import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/errors";
import { methods, route } from "@/lib/http/route";
import { defineOperation, type AuthKind } from "@/lib/openapi/operation";
import { planLimitExceeded } from "@/lib/plans/limits";
import { api, BASE_URL, call } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";

/** A throwaway operation and route, to exercise the wrapper's rules directly. */
function probe(auth: AuthKind, handler: () => Promise<unknown> = async () => ({ ok: true })) {
  const operation = defineOperation({
    id: "probe",
    method: "POST",
    path: "/v1/probe",
    tag: "Probe",
    summary: "probe",
    auth,
    body: z.object({ name: z.string(), nested: z.object({ count: z.number().int() }).optional() }),
    response: { status: 200, schema: z.unknown() },
    errors: [],
  });
  const handle = route(operation, handler as never);
  return (init: { key?: string; origin?: string; body?: string }) => {
    const headers = new Headers({ "Content-Type": "application/json" });
    if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
    if (init.origin) headers.set("Origin", init.origin);
    return handle(new Request(`${BASE_URL}/v1/probe`, { method: "POST", headers, body: init.body ?? '{"name":"x"}' }), { params: Promise.resolve({}) });
  };
}

async function json(response: Response) {
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("unknown paths and methods", () => {
  it("answers JSON 404 not_found for an unknown /v1 path, whatever the method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      expectError(await call(method, "/v1/no/such/route"), 404, "not_found");
    }
    expectError(await api.post("/v1/nothing-here", { body: {} }), 404, "not_found");
  });

  it("answers JSON 405 method_not_allowed with Allow for a method a path does not serve", async () => {
    const response = await api.delete("/v1/account/usage");
    expectError(response, 405, "method_not_allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("bodies", () => {
  it("refuses a body over 64 KiB with 413 payload_too_large", async () => {
    const ws = await newWorkspace();
    const response = await api.post("/v1/account/workspaces", {
      key: ws.accountKey,
      rawBody: JSON.stringify({ name: "x".repeat(70_000), timezone: "UTC" }),
      headers: { "Content-Type": "application/json" },
    });
    expectError(response, 413, "payload_too_large");
  });

  it("refuses malformed JSON with 422 validation_failed and changes nothing", async () => {
    const ws = await newWorkspace();
    const response = await api.post("/v1/account/workspaces", {
      key: ws.accountKey,
      rawBody: '{"name": "x",',
      headers: { "Content-Type": "application/json" },
    });
    expectError(response, 422, "validation_failed");
    const listed = await api.get("/v1/account/workspaces", { key: ws.accountKey });
    expect(listed.body.data).toHaveLength(1);
  });

  it("names nested fields with a dotted param", async () => {
    const call = probe("public");
    const response = await json(await call({ body: '{"name":"x","nested":{"count":"many"}}' }));
    expectError(response, 422, "validation_failed", "nested.count");
    expectError(await json(await call({ body: "[1,2]" })), 422, "validation_failed");
  });
});

describe("authentication", () => {
  it("401 for a missing, malformed, unknown or revoked key", async () => {
    const ws = await newWorkspace();
    expectError(await api.get("/v1/api-keys"), 401, "unauthorized");
    expectError(await api.get("/v1/api-keys", { key: "sk_short" }), 401, "unauthorized");
    expectError(await api.get("/v1/api-keys", { key: `sk_${"A".repeat(40)}` }), 401, "unauthorized");
    expectError(await api.get("/v1/api-keys", { headers: { Authorization: ws.sk } }), 401, "unauthorized");
    const keys = await api.get("/v1/api-keys", { key: ws.sk });
    const sk = keys.body.data.find((key: { type: string }) => key.type === "sk");
    await api.post(`/v1/api-keys/${sk.id}/revoke`, { key: ws.sk });
    expectError(await api.get("/v1/api-keys", { key: ws.sk }), 401, "unauthorized");
  });

  it("keeps each key type to its routes", async () => {
    const ws = await newWorkspace();
    expectError(await api.get("/v1/api-keys", { key: ws.pk }), 403, "secret_key_required");
    expectError(await api.get("/v1/api-keys", { key: ws.accountKey }), 403, "forbidden");
    expectError(await api.get("/v1/account/usage", { key: ws.sk }), 403, "forbidden");
    expectError(await api.get("/v1/account/usage", { key: ws.pk }), 403, "secret_key_required");
  });

  it("checks a publishable key's Origin only when one is sent; the app's own origin always passes", async () => {
    const ws = await newWorkspace();
    const call = probe("sk_pk");
    expect((await call({ key: ws.pk })).status).toBe(200);
    expect((await call({ key: ws.pk, origin: "http://localhost:3000" })).status).toBe(200);
    expectError(await json(await call({ key: ws.pk, origin: "https://shop.example" })), 403, "origin_not_allowed");
    const keys = await api.get("/v1/api-keys", { key: ws.sk });
    const pk = keys.body.data.find((key: { type: string }) => key.type === "pk");
    await api.patch(`/v1/api-keys/${pk.id}`, { key: ws.sk, body: { allowed_origins: ["https://shop.example"] } });
    expect((await call({ key: ws.pk, origin: "https://shop.example" })).status).toBe(200);
    expectError(await json(await call({ key: ws.pk, origin: "https://evil.example" })), 403, "origin_not_allowed");
    // Secret keys are never origin-checked.
    expect((await call({ key: ws.sk, origin: "https://evil.example" })).status).toBe(200);
  });
});

describe("errors", () => {
  it("shapes a 402 by key type: pk type+message, sk adds dimension, ak adds limit and used", async () => {
    const ws = await newWorkspace();
    const refuse = async () => {
      throw planLimitExceeded("staff", 3, 3);
    };
    const pk = await json(await probe("sk_pk", refuse)({ key: ws.pk }));
    expect(pk.status).toBe(402);
    expect(Object.keys(pk.body.error).sort()).toEqual(["message", "type"]);
    const sk = await json(await probe("sk_pk", refuse)({ key: ws.sk }));
    expect(sk.body.error).toMatchObject({ type: "plan_limit_exceeded", dimension: "staff" });
    expect(sk.body.error).not.toHaveProperty("limit");
    const ak = await json(await probe("ak", refuse)({ key: ws.accountKey }));
    expect(ak.body.error).toMatchObject({ type: "plan_limit_exceeded", dimension: "staff", limit: 3, used: 3 });
  });

  it("answers an unexpected failure with 500 internal_error and no stack or detail", async () => {
    const failing = probe("public", async () => {
      throw new Error("secret detail: connection string postgres://x");
    });
    const originalError = console.error;
    console.error = () => {};
    const response = await json(await failing({}));
    console.error = originalError;
    expectError(response, 500, "internal_error");
    expect(JSON.stringify(response.body)).not.toContain("secret detail");
    expect(response.headers.get("request-id")).toMatch(/^req_/);
  });

  it("keeps the param only on 422s", async () => {
    const response = await json(
      await probe("public", async () => {
        throw new DomainError("not_found", "nope", { param: "id" });
      })({}),
    );
    expectError(response, 404, "not_found");
    expect(response.body.error).not.toHaveProperty("param");
  });
});

describe("CORS for browser routes", () => {
  it("answers the preflight of a publishable-key route and echoes the Origin", async () => {
    const handlers = methods({
      POST: route(
        defineOperation({
          id: "p",
          method: "POST",
          path: "/v1/p",
          tag: "P",
          summary: "p",
          auth: "sk_pk",
          response: { status: 200, schema: z.unknown() },
          errors: [],
        }),
        async () => ({}),
      ),
    });
    const preflight = await handlers.OPTIONS(new Request(`${BASE_URL}/v1/p`, { method: "OPTIONS", headers: { Origin: "https://shop.example" } }), {
      params: Promise.resolve({}),
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Idempotency-Key");
  });
});
