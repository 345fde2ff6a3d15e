import fc from "fast-check";
import { expect, test } from "./support/fixtures";
import { buildFuzzWorld, type FuzzWorld } from "./support/fuzz-world";
import { loadServedDocument, type ServedDocument, type ServedOperation } from "./support/served-document";
import { send, sendBytes, type RawRequest, type RawResponse } from "./support/raw-http";
import { DATE_EDGES, SchemaArbitraries, type JsonSchema } from "./support/schema-arbitrary";

/**
 * Property-based requests against the real server (`npm start`), for every operation of the
 * OpenAPI document it serves: valid and invalid bodies, queries and path bytes (bad
 * percent-encoding included), every credential, date-time edges, and every method on every
 * path (TRACE, CONNECT and unknown ones included). Whatever is sent: no 5xx, no 3xx, no body
 * under /v1 that is not JSON, no status the document does not list for the operation, and
 * every body valid against the document's schema for its status (ajv, JSON Schema 2020-12).
 * docs/decisions.md#every-request-answered-by-our-code. Counts are printed at the end; FUZZ_SEED replays a run.
 */
const RUNS_PER_OPERATION = 85;
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const totals = { requests: 0, fiveXx: 0, threeXx: 0, nonJson: 0, undocumented: 0, schemaViolations: 0, twoXx: 0 };
const failures: string[] = [];

let world: FuzzWorld;
let served: ServedDocument;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ playwright }) => {
  served = await loadServedDocument();
  const request = await playwright.request.newContext({ baseURL: served.baseUrl, extraHTTPHeaders: { "X-Forwarded-For": "10.250.0.1" } });
  world = await buildFuzzWorld(request);
  await request.dispose();
});

const BAD_SEGMENTS = [
  "%zz",
  "%",
  "%C0%AF",
  "%E0%A4%A",
  "%ff%fe",
  "%00",
  "%2F",
  "..",
  "%2e%2e",
  "\u00e9",
  "null",
  "x".repeat(1200),
  "00000000-0000-0000-0000-000000000000",
];
const WEIRD = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, -0.5),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom("", " ", "\u0000", "'; drop table bookings; --", "<script>alert(1)</script>", "x".repeat(5000)),
  fc.constantFrom(...DATE_EDGES),
  fc.uuid(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 2 }),
);

function keyFor(operation: ServedOperation) {
  const valid = operation.security.map((name) => ({ secretKey: world.sk, publishableKey: world.pk, accountKey: world.accountKey })[name]!);
  const others = [world.sk, world.pk, world.accountKey, "sk_garbage", `sk_${"A".repeat(40)}`, "pk_short", "Bearer", ""];
  return valid.length > 0
    ? fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...valid) }, { weight: 2, arbitrary: fc.constantFrom(...others) })
    : fc.constantFrom("", ...others);
}

/** Replaces one entry of a valid object by a weird value, or drops it. */
function mutate(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), WEIRD, fc.boolean()).map(([value, index, weird, drop]) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return weird;
    const entries = Object.entries(value);
    if (entries.length === 0) return { extra: weird };
    const [name] = entries[index % entries.length]!;
    const copy: Record<string, unknown> = { ...value };
    if (drop) delete copy[name];
    else copy[name] = weird;
    return copy;
  });
}

function requestArbitrary(operation: ServedOperation): fc.Arbitrary<RawRequest> {
  const schemas = new SchemaArbitraries(served.components, { uuids: world.uuids, instants: world.instants });
  const segment = (name: string) =>
    fc.oneof(
      { weight: 7, arbitrary: fc.constant(encodeURIComponent(world.pathValues(operation.path, name))) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: fc.constantFrom(...BAD_SEGMENTS) },
    );
  const params = fc.record(Object.fromEntries(operation.pathParams.map((name) => [name, segment(name)])));

  const queryShape: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(operation.queryParams.map((param) => [param.name, param.schema])),
    required: operation.queryParams.filter((param) => param.required).map((param) => param.name),
  };
  const validQuery = schemas.valueFor(queryShape);
  const query =
    operation.queryParams.length === 0
      ? fc.oneof(
          { weight: 9, arbitrary: fc.constant({}) },
          { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 10 }), { maxKeys: 2 }) },
        )
      : fc.oneof({ weight: 6, arbitrary: validQuery }, { weight: 4, arbitrary: mutate(validQuery) });
  const rawQueryTail = fc.oneof(
    { weight: 9, arbitrary: fc.constant("") },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "&cursor=%zz",
        "&from=%E0%A4%A",
        "&limit=%",
        "&&&",
        "&limit=-1",
        "&cursor=WyIrMjc1NzYwLTA5LTEzVDAwOjAwOjAwWiIsIjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMSJd",
      ),
    },
  );

  const validBody = operation.body ? schemas.valueFor(operation.body) : fc.constant(undefined);
  const body = operation.body
    ? fc.oneof(
        { weight: 6, arbitrary: validBody.map((value) => JSON.stringify(value)) },
        { weight: 3, arbitrary: mutate(validBody).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: fc.constantFrom("", "{", "[]", "null", '"text"', '{"a":', '{"name": NaN}', `{"x":"${"y".repeat(70_000)}"}`) },
      )
    : fc.option(fc.constantFrom("", "{}", "{", "x".repeat(100)), { nil: undefined, freq: 4 });

  const headers = fc.record({
    key: keyFor(operation),
    origin: fc.oneof(
      { weight: 8, arbitrary: fc.constant(served.baseUrl) },
      { weight: 2, arbitrary: fc.constantFrom("https://evil.example", "null", "not a url") },
    ),
    ip: fc.ipV4(),
    idempotency: fc.option(fc.oneof(fc.uuid(), fc.constantFrom("", "k".repeat(300))), { nil: undefined, freq: 3 }),
    contentType: fc.constantFrom("application/json", "application/json", "application/json", "text/plain", "application/x-www-form-urlencoded"),
  });

  return fc.record({ params, query, tail: rawQueryTail, body, headers }).map(({ params, query, tail, body, headers }) => {
    let path = operation.path;
    for (const [name, value] of Object.entries(params)) path = path.replace(`{${name}}`, value as string);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query as Record<string, unknown>)) search.set(name, typeof value === "string" ? value : JSON.stringify(value));
    const queryString = `${search.toString()}${tail}`;
    const requestHeaders: Record<string, string> = { "X-Forwarded-For": headers.ip, Origin: headers.origin };
    if (headers.key) requestHeaders.Authorization = `Bearer ${headers.key}`;
    if (headers.idempotency !== undefined) requestHeaders["Idempotency-Key"] = headers.idempotency;
    if (body !== undefined) requestHeaders["Content-Type"] = headers.contentType;
    return { method: operation.method, path: queryString ? `${path}?${queryString}` : path, headers: requestHeaders, body };
  });
}

function record(label: string, problem: string, response: RawResponse) {
  if (failures.length < 40) failures.push(`${label} → ${response.status} ${problem}: ${response.text.slice(0, 240)}`);
}

/** Checks one answer against the document: the status listed for the operation, the body valid for it. */
function check(operation: ServedOperation | undefined, request: RawRequest, response: RawResponse, expected?: { status: number; allow?: string }) {
  totals.requests++;
  const label = `${request.method} ${request.path.slice(0, 160)}`;
  if (response.status >= 500) (totals.fiveXx++, record(label, "5xx", response));
  if (response.status >= 300 && response.status < 400) (totals.threeXx++, record(label, "3xx", response));
  if (response.status >= 200 && response.status < 300) totals.twoXx++;
  const hasBody = request.method !== "HEAD" && response.status !== 204;
  let body: unknown = undefined;
  if (hasBody) {
    try {
      if (!/^application\/json/.test(String(response.headers["content-type"]))) throw new Error("content-type");
      body = JSON.parse(response.text);
    } catch {
      totals.nonJson++;
      record(label, `non-JSON (${response.headers["content-type"]})`, response);
      return;
    }
  }
  if (expected) {
    if (response.status !== expected.status || (expected.allow !== undefined && response.headers.allow !== expected.allow)) {
      totals.undocumented++;
      record(label, `expected ${expected.status}${expected.allow ? ` with Allow: ${expected.allow}` : ""}, Allow: ${response.headers.allow}`, response);
    }
    const problem = hasBody ? served.validateComponentResponse(expected.status === 405 ? "MethodNotAllowed" : "NotFound", body) : null;
    if (problem) (totals.schemaViolations++, record(label, problem, response));
    return;
  }
  const problem = served.validateResponse(operation!, response.status, body, hasBody);
  if (problem === "undocumented") (totals.undocumented++, record(label, "status not in the document", response));
  else if (problem) (totals.schemaViolations++, record(label, problem, response));
}

test("the served document is OpenAPI 3.1 and every schema in it compiles", async () => {
  expect(served.openapi).toBe("3.1.0");
  expect(served.operations.length).toBeGreaterThanOrEqual(60);
  expect(served.compileAllResponses()).toBeGreaterThan(served.operations.length * 3);
  expect(served.validateComponentResponse("MethodNotAllowed", { error: { type: "method_not_allowed", message: "x" } })).toBeNull();
  expect(served.validateComponentResponse("NotFound", { error: { message: "no type" } })).toMatch(/type/);
});

test.describe("every operation", () => {
  test("valid and invalid requests of every operation", async () => {
    test.setTimeout(900_000);
    for (const operation of served.operations) {
      const samples = fc.sample(requestArbitrary(operation), { numRuns: RUNS_PER_OPERATION, seed: SEED });
      for (const sample of samples) check(operation, sample, await send(sample));
    }
  });

  test("every method on every path, and paths that name nothing", async () => {
    test.setTimeout(300_000);
    const extra = ["TRACE", "TRACK", "PROPFIND", "QUERY", "FOO", "CONNECT"];
    for (const [template, methods] of served.pathMethods) {
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(world.pathValues(template, name)));
      const allow = methods.join(", ");
      const unserved = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) => !methods.includes(method));
      for (const method of [...unserved, ...extra]) {
        const request = { method, path, headers: { Authorization: `Bearer ${world.sk}`, "X-Forwarded-For": "10.9.9.9" } };
        const response = method === "CONNECT" ? await sendBytes(`CONNECT ${path} HTTP/1.1`, request.headers) : await send(request);
        check(undefined, request, response, { status: 405, allow });
      }
      const preflight = { method: "OPTIONS", path, headers: { Origin: served.baseUrl } };
      check(undefined, preflight, await send(preflight), { status: 204, allow });
      for (const bad of ["/%zz", "//", "/x/%C0%AF"]) {
        const request = { method: "TRACE", path: `${path}${bad}`, headers: {} };
        check(undefined, request, await send(request), { status: 404 });
      }
    }
  });
});

test("totals: at least 5,000 requests, no 5xx, no 3xx, no non-JSON, nothing undocumented or off-schema", async () => {
  console.info(
    `fuzz over HTTP: ${totals.requests} requests (${totals.twoXx} 2xx), ${totals.fiveXx} 5xx, ${totals.threeXx} 3xx, ` +
      `${totals.nonJson} non-JSON, ${totals.undocumented} undocumented statuses, ${totals.schemaViolations} schema violations`,
  );
  expect(failures).toEqual([]);
  expect(totals.requests).toBeGreaterThanOrEqual(5_000);
  expect(totals).toMatchObject({ fiveXx: 0, threeXx: 0, nonJson: 0, undocumented: 0, schemaViolations: 0 });
});
