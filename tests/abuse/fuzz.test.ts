import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_TYPES } from "@/lib/errors";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { ALL_OPERATIONS } from "@/lib/openapi/operations";
import type { Operation } from "@/lib/openapi/operation";
import { BASE_URL, dispatch } from "../helpers/api";
import { INSTANT_EDGES } from "../helpers/date-time-edges";
import { newWorld, type World } from "../helpers/world";

/**
 * Property-based requests against every route: random and malformed JSON, wrong types,
 * nulls, huge and unicode strings, bad ids, cursors, dates and headers. Whatever a client
 * sends, the answer is never a 5xx, every error is the spec's envelope, and every status is
 * one the OpenAPI document lists for that operation, with an error type its enum lists.
 */
const RUNS_PER_OPERATION = 170;
const ERROR_TYPE_SET = new Set<string>(ERROR_TYPES);
const GENERIC_STATUSES = new Set([401, 403, 404, 405, 413, 422, 429]);
const totals = { requests: 0, fiveXx: 0, undocumented: 0 };

let world: World;
type ErrorSchema = { $ref?: string; properties?: { error?: { properties?: { type?: { enum?: string[] } } } } };
type DocumentedResponse = { content?: { "application/json"?: { schema?: ErrorSchema } } };
const document = buildOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
  components: { schemas: Record<string, ErrorSchema> };
};
const documentPaths = document.paths;
const documentedErrorTypes = (response: DocumentedResponse | undefined) => {
  const schema = response?.content?.["application/json"]?.schema;
  const resolved = schema?.$ref ? document.components.schemas[schema.$ref.split("/").pop()!] : schema;
  return resolved?.properties?.error?.properties?.type?.enum;
};

beforeAll(async () => {
  world = await newWorld();
});

afterAll(() => {
  console.info(`fuzz: ${totals.requests} requests, ${totals.fiveXx} 5xx, ${totals.undocumented} undocumented statuses`);
});

const weird = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, -0.5),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "'; drop table bookings; --", "<script>alert(1)</script>", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🗓️", "x".repeat(5000)),
  fc.constantFrom("2026-02-30T10:00:00Z", "2026-13-01", "yesterday", "1999-01-01T00:00:00+25:00", "2031-07-01T10:00:00Z", "+275760-09-13T00:00:00Z"),
  // The edges of the accepted instants, [1970-01-01, 2200-01-01), and beyond.
  fc.constantFrom(...INSTANT_EDGES),
  fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2199-12-31T23:59:59Z"), noInvalidDate: true }).map((date) => date.toISOString()),
  fc.uuid(),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string(), { maxKeys: 3 }),
);

const segment = (valid: string) =>
  fc.oneof(
    fc.constant(valid),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom("x".repeat(1200), "..", "null", "%00", "é", "00000000-0000-0000-0000-000000000000"),
  );

function validPath(operation: Operation): Record<string, string> {
  return {
    id: operation.path.startsWith("/v1/services")
      ? world.serviceId
      : operation.path.startsWith("/v1/staff")
        ? world.staffId
        : operation.path.startsWith("/v1/bookings")
          ? world.bookingId
          : operation.path.startsWith("/v1/webhook-endpoints")
            ? world.endpointId
            : operation.path.startsWith("/v1/api-keys")
              ? world.spareKeyId
              : operation.path.startsWith("/v1/categories")
                ? world.categoryId
                : operation.path.startsWith("/v1/questions")
                  ? world.questionId
                  : world.id,
    timeOffId: world.timeOffId,
    ecId: world.externalCalendarId,
    deliveryId: world.deliveryId,
    slug: world.slug,
    token: world.token,
  };
}

function requestArbitrary(operation: Operation) {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const valid = validPath(operation);
  const params = fc.record(Object.fromEntries(names.map((name) => [name, segment(valid[name] ?? "")])));
  const shapeKeys = [
    ...Object.keys((operation.query as { shape?: object } | undefined)?.shape ?? {}),
    ...Object.keys((operation.body as { shape?: object } | undefined)?.shape ?? {}),
  ];
  const fieldName = shapeKeys.length > 0 ? fc.oneof(fc.constantFrom(...shapeKeys), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
  const query = fc.dictionary(
    fieldName,
    weird.map((value) => (typeof value === "string" ? value : JSON.stringify(value))),
    { maxKeys: 4 },
  );
  const body = fc.oneof(
    fc.dictionary(fieldName, weird, { maxKeys: 6 }).map((value) => JSON.stringify(value)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.constantFrom("", "{", "[]", "null", '"text"', '{"a":', '{"name": NaN}', `{"x":"${"y".repeat(70_000)}"}`),
    fc.string({ maxLength: 200 }),
  );
  const key = fc.constantFrom<keyof World | "garbage" | "none">("sk", "sk", "pk", "accountKey", "garbage", "none", "revokedSk");
  const headers = fc.record({
    idempotency: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constant(""), fc.constant("k".repeat(300))), { nil: undefined }),
    origin: fc.option(fc.constantFrom("https://evil.example", "null", "http://localhost:3000", "not a url"), { nil: undefined }),
    forwarded: fc.option(fc.oneof(fc.ipV4(), fc.string({ maxLength: 30 })), { nil: undefined }),
    contentType: fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", ""),
  });
  return fc.record({ params, query, body, key, headers });
}

function toRequest(operation: Operation, input: fc.Arbitrary<unknown> extends never ? never : any): Request {
  let path = operation.path;
  for (const [name, value] of Object.entries(input.params as Record<string, string>)) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const url = new URL(path, BASE_URL);
  for (const [name, value] of Object.entries(input.query as Record<string, string>)) url.searchParams.set(name, value);
  const headers = new Headers();
  const key = input.key === "garbage" ? "sk_garbage\u00e9" : input.key === "none" ? undefined : (world as Record<string, unknown>)[input.key];
  if (typeof key === "string") headers.set("Authorization", `Bearer ${key.replace(/[^\x20-\x7e]/g, "?")}`);
  const safe = (value: string) => value.replace(/[^\x20-\x7e]/g, "?");
  if (input.headers.idempotency !== undefined) headers.set("Idempotency-Key", safe(input.headers.idempotency));
  if (input.headers.origin !== undefined) headers.set("Origin", input.headers.origin);
  if (input.headers.forwarded !== undefined) headers.set("X-Forwarded-For", safe(input.headers.forwarded));
  if (input.headers.contentType) headers.set("Content-Type", input.headers.contentType);
  const hasBody = operation.method !== "GET" && operation.method !== "DELETE";
  return new Request(url, { method: operation.method, headers, body: hasBody ? input.body : undefined });
}

async function assertWellFormed(operation: Operation, response: Response) {
  totals.requests++;
  const text = await response.text();
  if (response.status >= 500) totals.fiveXx++;
  expect(response.status, `${operation.method} ${operation.path}: ${text.slice(0, 300)}`).toBeLessThan(500);
  const documented = documentPaths[operation.path]![operation.method.toLowerCase()]!.responses;
  if (!(String(response.status) in documented) && !GENERIC_STATUSES.has(response.status)) totals.undocumented++;
  expect(
    String(response.status) in documented || GENERIC_STATUSES.has(response.status),
    `${operation.method} ${operation.path} answered ${response.status}: ${text.slice(0, 300)}`,
  ).toBe(true);
  if (response.status >= 400) {
    const body = JSON.parse(text) as { error: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(["error"]);
    expect(ERROR_TYPE_SET.has(body.error.type as string), String(body.error.type)).toBe(true);
    // A generated client narrows on the documented enum: a type outside it is drift.
    const enumTypes = documentedErrorTypes(documented[String(response.status)]);
    if (enumTypes) expect(enumTypes, `${operation.method} ${operation.path} ${response.status}: ${text.slice(0, 300)}`).toContain(body.error.type);
    expect(typeof body.error.message).toBe("string");
    if ("param" in body.error) {
      expect(response.status).toBe(422);
      expect(typeof body.error.param).toBe("string");
    }
  }
}

describe("fuzzing every route", () => {
  for (const operation of ALL_OPERATIONS) {
    it(`${operation.method} ${operation.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation), async (input) => {
          await assertWellFormed(operation, await dispatch(toRequest(operation, input)));
        }),
        { numRuns: RUNS_PER_OPERATION, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
    }, 120_000);
  }
});
