import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import type { ErrorType } from "@/lib/errors";
import { HTTP_STATUS_BY_ERROR_TYPE } from "@/lib/openapi/status";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { listErrorTypes } from "@/lib/openapi/errors";
import type { Operation } from "@/lib/openapi/operation";
import { ALL_OPERATIONS } from "@/lib/openapi/operations";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { WebhookEventPayload } from "@/lib/webhooks/schemas";
import { webhookPayloadSchema } from "@/lib/openapi/webhooks";
import { api } from "../helpers/api";

/** Route files that are not API operations: the document itself and the JSON 404 catch-all. */
const NOT_OPERATIONS = new Set(["/v1/openapi.json", "/v1/{[...path]}"]);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

function toTemplate(file: string): string {
  const relative = path.relative(path.join(process.cwd(), "app"), path.dirname(file));
  return `/${relative
    .split(path.sep)
    .map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}"))
    .join("/")}`;
}

const modules = import.meta.glob<Record<string, { operation?: { id: string; path: string; method: string } }>>("/app/v1/**/route.ts");

describe("OpenAPI document", () => {
  it("declares an operation for every method every /v1 route file serves, and nothing more", async () => {
    const served: string[] = [];
    for (const file of routeFiles(path.join(process.cwd(), "app", "v1"))) {
      const template = toTemplate(file);
      if (NOT_OPERATIONS.has(template)) continue;
      const module = await modules[`/${path.relative(process.cwd(), file)}`]!();
      for (const method of METHODS) {
        const operation = module[method]?.operation;
        if (!operation) continue;
        expect(operation.path, `${method} ${template}`).toBe(template);
        expect(operation.method).toBe(method);
        served.push(`${method} ${template}`);
      }
    }
    const declared = ALL_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(served.sort()).toEqual([...declared].sort());
    expect(new Set(ALL_OPERATIONS.map((operation) => operation.id)).size).toBe(ALL_OPERATIONS.length);
  });

  it("is served at /v1/openapi.json with every operation, its schemas and its errors", async () => {
    const response = await api.get("/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    for (const operation of ALL_OPERATIONS) {
      const documented = response.body.paths[operation.path]?.[operation.method.toLowerCase()];
      expect(documented, `${operation.method} ${operation.path}`).toBeDefined();
      expect(documented.operationId).toBe(operation.id);
      expect(documented.responses[String(operation.response.status)]).toBeDefined();
      if (operation.auth !== "public") expect(documented.responses["401"]).toBeDefined();
    }
  });
});

type Media = { schema: { $ref?: string; properties?: Record<string, any> }; example?: unknown };
type Documented = {
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: { description?: string } }[];
  requestBody?: { required: boolean; content: Record<string, Media> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, Media> }>;
};

describe("OpenAPI document for generators", () => {
  const document = buildOpenApiDocument({ serverUrl: "https://booking.test" }) as unknown as {
    servers: { url: string }[];
    paths: Record<string, Record<string, Documented>>;
    webhooks: Record<string, { post: Documented }>;
    components: { schemas: Record<string, { properties?: Record<string, any> }> };
  };
  const resolve = (schema: { $ref?: string; properties?: Record<string, any> }) =>
    schema.$ref ? document.components.schemas[schema.$ref.split("/").pop()!]! : schema;
  const documented = (operation: Operation) => document.paths[operation.path]![operation.method.toLowerCase()]!;

  it("names APP_URL as its server, on the served document too", async () => {
    expect(document.servers).toEqual([{ url: "https://booking.test", description: expect.any(String) }]);
    const served = await api.get("/v1/openapi.json");
    expect(served.body.servers[0].url).toBe(getConfig().appUrl);
  });

  it("describes every operation and declares the kernel's headers", () => {
    for (const operation of ALL_OPERATIONS) {
      const entry = documented(operation);
      expect(entry.description, operation.id).toBeTruthy();
      for (const parameter of entry.parameters ?? [])
        expect(parameter.description ?? parameter.schema?.description, `${operation.id} ${parameter.name}`).toBeTruthy();
      const success = entry.responses[String(operation.response.status)]!;
      expect(Object.keys(success.headers ?? {}), operation.id).toEqual([
        "Request-Id",
        ...(operation.idempotent ? ["Idempotent-Replayed"] : []),
        ...(operation.conditional ? ["ETag"] : []),
      ]);
      const ifNoneMatch = entry.parameters?.find((parameter) => parameter.in === "header" && parameter.name === "If-None-Match");
      expect(Boolean(ifNoneMatch), operation.id).toBe(Boolean(operation.conditional));
      if (operation.conditional) expect(Object.keys(entry.responses["304"]?.headers ?? {}), operation.id).toEqual(["Request-Id", "ETag"]);
      const idempotencyHeader = entry.parameters?.find((parameter) => parameter.in === "header" && parameter.name === "Idempotency-Key");
      expect(Boolean(idempotencyHeader), operation.id).toBe(Boolean(operation.idempotent));
      if (idempotencyHeader) expect(idempotencyHeader.required).toBeFalsy();
      for (const [status, response] of Object.entries(entry.responses)) {
        if (Number(status) >= 400) expect(response.headers, `${operation.id} ${status}`).toHaveProperty("Request-Id");
      }
    }
  });

  it("marks a body optional exactly when an empty body is accepted", () => {
    const optional = ALL_OPERATIONS.filter((operation) => operation.body && !documented(operation).requestBody!.required).map((operation) => operation.id);
    expect(optional).toEqual(expect.arrayContaining(["cancelBooking", "cancelPublicBooking"]));
    for (const operation of ALL_OPERATIONS.filter((candidate) => candidate.body)) {
      expect(documented(operation).requestBody!.required, operation.id).toBe(!operation.body!.safeParse({}).success);
    }
  });

  it("lists each error status with an enum of exactly the types it carries", () => {
    for (const operation of ALL_OPERATIONS) {
      const types = listErrorTypes(operation);
      const listed: string[] = [];
      for (const [status, response] of Object.entries(documented(operation).responses)) {
        if (Number(status) < 400) continue;
        const error = resolve(response.content!["application/json"]!.schema).properties!.error;
        const statusTypes = error.properties.type.enum as ErrorType[];
        for (const type of statusTypes) expect(HTTP_STATUS_BY_ERROR_TYPE[type], `${operation.id} ${type}`).toBe(Number(status));
        // A 422 names its field; a 409 conflict may name the value in conflict (the waitlist's two refusals).
        expect("param" in error.properties, `${operation.id} ${status} param`).toBe(status === "422" || statusTypes.includes("conflict"));
        listed.push(...statusTypes);
      }
      expect(listed.sort(), operation.id).toEqual([...types].sort());
    }
    // A code for an unknown booking is the same 422 verification_failed: verify's only 404 is the
    // kernel's, for path bytes that do not decode, and its description says so.
    const verify = documented(ALL_OPERATIONS.find((operation) => operation.id === "verifyBooking")!).responses;
    expect(verify["404"]!.description).toMatch(/only a path whose bytes do not decode.*never a 404 here/);
    expect(verify["422"]!.description).toContain("verification_failed");
  });

  it("gives every operation examples that its own schemas accept", () => {
    for (const operation of ALL_OPERATIONS) {
      const entry = documented(operation);
      if (operation.body) {
        const example = entry.requestBody!.content["application/json"]!.example;
        const parsed = operation.body.safeParse(example);
        expect(parsed.success, `${operation.id} request example ${JSON.stringify(example)}: ${parsed.error?.message}`).toBe(true);
      }
      const example = entry.responses[String(operation.response.status)]!.content!["application/json"]!.example;
      const parsed = operation.response.schema.safeParse(example);
      expect(parsed.success, `${operation.id} response example: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("documents every webhook event with its payload and signature headers", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const post = document.webhooks[type]!.post;
      expect(
        post
          .parameters!.filter((parameter) => parameter.in === "header")
          .map((parameter) => parameter.name)
          .sort(),
      ).toEqual(["Booking-Delivery", "Booking-Event", "Booking-Signature"]);
      const media = post.requestBody!.content["application/json"]!;
      expect(webhookPayloadSchema(type).safeParse(media.example).success, type).toBe(true);
      if (type.startsWith("booking.")) expect(WebhookEventPayload.safeParse(media.example).success, type).toBe(true);
      expect((media.example as { type: string }).type).toBe(type);
      expect("previous_starts_at" in (media.example as { data: object }).data).toBe(type === "booking.rescheduled");
    }
  });
});
