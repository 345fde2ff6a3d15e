import http from "node:http";
import type { AddressInfo } from "node:net";
import { call, firstSlot, seedWorkspace, type Seeded } from "./support/seed";
import { expect, test } from "./support/fixtures";
import { send, sendBytes, type RawResponse } from "./support/raw-http";
import { E2E } from "./support/env";
import { ONCE } from "./support/once";
import type { APIRequestContext } from "@playwright/test";

/**
 * Each request issue #13 saw answered from below our kernel, sent over real HTTP to the server
 * `npm start` runs (docs/decisions.md#every-request-answered-by-our-code): the envelope's answer, never Next's plain-text 500 or 308.
 */
function expectEnvelope(response: RawResponse, status: number, type: string, param?: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = JSON.parse(response.text) as { error: { type: string; param?: string } };
  expect(body.error.type).toBe(type);
  if (param !== undefined) expect(body.error.param).toBe(param);
}

const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

// One workspace for the whole file (every e2e workspace counts against the account's plan cap).
let shared: Promise<Seeded> | undefined;
const sharedWorkspace = (request: APIRequestContext) => (shared ??= seedWorkspace(request));
const json = (key: string) => ({ ...auth(key), "Content-Type": "application/json" });

test.describe("paths and methods below the kernel", ONCE, () => {
  test("a path segment that does not decode is 404 not_found on every route with a dynamic segment", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    const cases = [
      ["GET", "/v1/staff/%zz/working-hours"],
      ["POST", "/v1/bookings/%C0%AF/confirm"],
      ["GET", "/v1/public/bookings/%E0%A4%A"],
      ["PATCH", "/v1/api-keys/%"],
      ["POST", "/v1/account/workspaces/%zz/keys"],
      ["GET", "/v1/%zz"],
    ] as const;
    for (const [method, path] of cases) expectEnvelope(await send({ method, path, headers: json(seeded.sk), body: "{}" }), 404, "not_found");
    // Raw bytes no URL may carry: refused by Node's parser, answered by the gate all the same.
    expectEnvelope(await sendBytes("GET /v1/bookings/\u00e9\u0001 HTTP/1.1", auth(seeded.sk)), 404, "not_found");
  });

  test("TRACE, CONNECT and unknown methods are 405 method_not_allowed with Allow", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    for (const method of ["TRACE", "PROPFIND", "QUERY", "FOO"]) {
      const response = await send({ method, path: "/v1/bookings", headers: auth(seeded.sk) });
      expectEnvelope(response, 405, "method_not_allowed");
      expect(response.headers.allow).toBe("GET, POST");
    }
    const connect = await sendBytes("CONNECT /v1/bookings HTTP/1.1", auth(seeded.sk));
    expectEnvelope(connect, 405, "method_not_allowed");
    expect(connect.headers.allow).toBe("GET, POST");
    const track = await send({ method: "TRACE", path: `/v1/staff/${seeded.staff[0]!.id}/time-off` });
    expect(track.headers.allow).toBe("GET, POST");
    expectEnvelope(await send({ method: "TRACE", path: "/v1/no/such/route" }), 404, "not_found");
    const document = await send({ method: "POST", path: "/v1/openapi.json", body: "{}" });
    expectEnvelope(document, 405, "method_not_allowed");
    expect(document.headers.allow).toBe("GET");
  });

  test("no redirect under /v1: a trailing slash is answered, a double slash is not found", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    const trailing = await send({ method: "GET", path: "/v1/bookings/", headers: auth(seeded.sk) });
    expect(trailing.status).toBe(200);
    expect(JSON.parse(trailing.text)).toEqual(await call(request, "GET", "/v1/bookings", seeded.sk));
    expectEnvelope(await send({ method: "GET", path: "/v1//bookings", headers: auth(seeded.sk) }), 404, "not_found");
    expectEnvelope(await send({ method: "GET", path: "/v1/bookings//", headers: auth(seeded.sk) }), 404, "not_found");
    // Issue 27: a doubled slash before v1 too (Next would redirect it to /v1/…).
    expectEnvelope(await send({ method: "DELETE", path: "//v1/bookings", headers: auth(seeded.sk) }), 404, "not_found");
    expectEnvelope(await send({ method: "GET", path: "//v1/bookings?limit=1", headers: auth(seeded.sk) }), 404, "not_found");
  });

  test("npm start compresses nothing, whatever the client accepts (the balancer does); HEAD has no body; no private header", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    const gzip = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    const refused = await send({ method: "POST", path: "/v1/bookings", headers: { ...json(seeded.sk), ...gzip }, body: "{}" });
    expectEnvelope(refused, 422, "validation_failed");
    const document = await send({ method: "GET", path: "/v1/openapi.json", headers: gzip });
    expect(document.status).toBe(200);
    expect(document.bytes.length).toBeGreaterThan(1024);
    expect(JSON.parse(document.text)).toHaveProperty("openapi");
    const page = await send({ method: "GET", path: "/docs", headers: gzip });
    expect(page.status).toBe(200);
    expect(page.text).toContain("</html>");
    const small = await send({ method: "GET", path: "/v1/no-such-thing", headers: gzip });
    expectEnvelope(small, 404, "not_found");
    for (const answer of [refused, document, page, small]) expect(answer.headers["content-encoding"]).toBeUndefined();
    // HEAD: the headers of a GET, no body.
    const head = await send({ method: "HEAD", path: "/v1/openapi.json", headers: gzip });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers["content-type"]).toMatch(/^application\/json/);
    const headMissing = await send({ method: "HEAD", path: "/v1/no-such-thing", headers: gzip });
    expect(headMissing.status).toBe(404);
    expect(headMissing.bytes.length).toBe(0);
    for (const answer of [refused, document, small, head, headMissing]) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith("x-route-") || name.startsWith("x-booking-"))).toEqual([]);
    }
  });

  test("an availability answer asked again with its ETag is a 304 without a body, until a booking changes it", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    const service = seeded.services.trim;
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 31 * 86_400_000).toISOString();
    const path = `/v1/availability?${new URLSearchParams({ service_id: service, from, to })}`;
    const ask = (ifNoneMatch?: string) =>
      send({ method: "GET", path, headers: { ...auth(seeded.sk), ...(ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {}) } });
    const starts = (answer: RawResponse) =>
      (JSON.parse(answer.text) as { data: { slots: { start: string }[] }[] }).data.flatMap((calendar) => calendar.slots.map((each) => each.start));
    const first = await ask();
    expect(first.status, first.text).toBe(200);
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(starts(first).length).toBeGreaterThan(100);
    const again = await ask(etag);
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The weak form a compressing balancer sends back matches too.
    expect((await ask(`W/${etag}`)).status).toBe(304);

    const slot = await firstSlot(request, seeded, service);
    const created = await send({
      method: "POST",
      path: "/v1/bookings",
      headers: json(seeded.sk),
      body: JSON.stringify({ service_id: service, staff_id: slot.staff_id, starts_at: slot.start, customer: { name: "Ada", email: "ada@example.com" } }),
    });
    expect(created.status, created.text).toBe(201);
    const after = await ask(etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(starts(first).filter((start) => start === slot.start).length - starts(after).filter((start) => start === slot.start).length).toBe(1);
  });

  test("a kept-alive connection left idle for 6 s takes the next request: a balancer's pooled connection is not closed under it", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = http.get(`${E2E.appUrl}/healthz`, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
        });
        request.on("error", reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      // Node's default keep-alive timeout is 5 s: the server would have closed this connection.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  test("a dot segment names nothing: it is never resolved into another route", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    const staffId = seeded.staff[0]!.id;
    // Resolved, the first three would delete the calendar (or answer for /v1/staff).
    for (const path of [`/v1/staff/${staffId}/time-off/..`, `/v1/staff/${staffId}/time-off/%2e%2E`, "/v1/services/../staff", `/v1/staff/${staffId}/.`]) {
      expectEnvelope(await send({ method: "DELETE", path, headers: auth(seeded.sk) }), 404, "not_found");
    }
    expect((await call(request, "GET", `/v1/staff/${staffId}`, seeded.sk)).active).toBe(true);
  });
});

test.describe("instants at the edges", () => {
  test("availability, booking, reschedule and time off refuse instants outside [1970, 2200) with 422 naming the field", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    const service = seeded.services.haircut;
    const availability = await send({
      method: "GET",
      path: `/v1/availability?service_id=${service}&from=0000-01-01T00:00:00Z&to=0000-01-02T00:00:00Z`,
      headers: auth(seeded.pk),
    });
    expectEnvelope(availability, 422, "validation_failed", "from");

    const customer = { name: "Edge Case", email: "edge@customer.example" };
    const farBooking = { service_id: service, starts_at: "9999-12-31T23:45:00Z", customer };
    expectEnvelope(
      await send({ method: "POST", path: "/v1/bookings", headers: json(seeded.sk), body: JSON.stringify(farBooking) }),
      422,
      "validation_failed",
      "starts_at",
    );

    const slot = await firstSlot(request, seeded, service);
    const booking = await call(request, "POST", "/v1/bookings", seeded.sk, { service_id: service, starts_at: slot.start, customer });
    const reschedule = await send({
      method: "POST",
      path: `/v1/bookings/${booking.id}/reschedule`,
      headers: json(seeded.sk),
      body: JSON.stringify({ starts_at: "9999-12-31T23:59:59Z" }),
    });
    expectEnvelope(reschedule, 422, "validation_failed", "starts_at");

    const timeOff = `/v1/staff/${seeded.staff[0]!.id}/time-off`;
    const ancient = await send({
      method: "POST",
      path: timeOff,
      headers: json(seeded.sk),
      body: JSON.stringify({ starts_at: "0000-01-01T00:00:00Z", ends_at: "0000-01-02T00:00:00Z" }),
    });
    expectEnvelope(ancient, 422, "validation_failed", "starts_at");
    const justBefore = await send({
      method: "POST",
      path: timeOff,
      headers: json(seeded.sk),
      body: JSON.stringify({ starts_at: "1969-12-31T23:59:59Z", ends_at: "1970-01-02T00:00:00Z" }),
    });
    expectEnvelope(justBefore, 422, "validation_failed", "starts_at");
  });

  test("time off ending at 9999 in Asia/Kolkata is refused; what is stored is served as RFC 3339 with four-digit years", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    await call(request, "PATCH", "/v1/workspace", seeded.sk, { timezone: "Asia/Kolkata" });
    const timeOff = `/v1/staff/${seeded.staff[0]!.id}/time-off`;
    const far = await send({
      method: "POST",
      path: timeOff,
      headers: json(seeded.sk),
      body: JSON.stringify({ starts_at: "2199-12-30T00:00:00Z", ends_at: "9999-12-31T23:59:59Z" }),
    });
    expectEnvelope(far, 422, "validation_failed", "ends_at");
    expectEnvelope(
      await send({
        method: "POST",
        path: timeOff,
        headers: json(seeded.sk),
        body: JSON.stringify({ starts_at: "2199-12-30T00:00:00Z", ends_at: "2200-01-01T00:00:00Z" }),
      }),
      422,
      "validation_failed",
      "ends_at",
    );
    const last = await call(request, "POST", timeOff, seeded.sk, { starts_at: "2199-12-30T00:00:00Z", ends_at: "2199-12-31T23:59:59Z" });
    expect(last).toMatchObject({ starts_at: "2199-12-30T05:30:00+05:30", ends_at: "2200-01-01T05:29:59+05:30" });
    const listed = (await call(request, "GET", timeOff, seeded.sk)).data as { starts_at: string; ends_at: string }[];
    for (const entry of listed) {
      expect(entry.starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(entry.ends_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    }
  });

  test("an instant in a zone's local mean time is written as that very instant, never with a truncated offset", async ({ request }) => {
    const seeded = await sharedWorkspace(request);
    // Africa/Monrovia kept −00:44:30 until 1972: no RFC 3339 offset can say it.
    await call(request, "PATCH", "/v1/workspace", seeded.sk, { timezone: "Africa/Monrovia" });
    const timeOff = `/v1/staff/${seeded.staff[0]!.id}/time-off`;
    const created = await call(request, "POST", timeOff, seeded.sk, { starts_at: "1971-01-01T00:00:00Z", ends_at: "1971-01-01T08:00:00+01:00" });
    expect(Date.parse(created.starts_at)).toBe(Date.parse("1971-01-01T00:00:00Z"));
    expect(Date.parse(created.ends_at)).toBe(Date.parse("1971-01-01T07:00:00Z"));
    expect(created.starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
  });
});

test.describe("contract deviations", () => {
  test("the public booking read says can_reschedule: false when the business has no usable publishable key", async ({ request }) => {
    // Its own workspace: it revokes the publishable key.
    const seeded = await seedWorkspace(request);
    const slot = await firstSlot(request, seeded, seeded.services.haircut);
    // Far enough ahead for any notice window.
    const booking = await call(request, "POST", "/v1/bookings", seeded.sk, {
      service_id: seeded.services.haircut,
      starts_at: slot.start,
      customer: { name: "Kim Noel", email: "kim@customer.example" },
    });
    const read = async () =>
      (await call(request, "GET", `/v1/public/bookings/${booking.access_token}`, undefined)).booking as { can_reschedule: boolean; can_cancel: boolean };
    expect((await read()).can_reschedule).toBe(true);
    const keys = (await call(request, "GET", "/v1/api-keys", seeded.sk)).data as { id: string; type: string }[];
    await call(request, "POST", `/v1/api-keys/${keys.find((key) => key.type === "pk")!.id}/revoke`, seeded.sk);
    expect(await read()).toMatchObject({ can_reschedule: false, can_cancel: true });
  });

  test("a webhook attempt that times out records last_failure_at when it ended, 10 s after it started", async ({ request }) => {
    test.setTimeout(90_000);
    const started: number[] = [];
    // A receiver that never answers: the attempt is cut off at 10 seconds.
    const receiver = http.createServer((incoming) => {
      started.push(Number(/t=(\d+)/.exec(String(incoming.headers["booking-signature"]))?.[1]) * 1000);
      incoming.resume();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const seeded = await sharedWorkspace(request);
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const endpoint = await call(request, "POST", "/v1/webhook-endpoints", seeded.sk, { url, events: ["booking.created"] });
      await createConfirmedBooking(request, seeded);
      // Either this call or the in-process runner (every 5 s) makes the attempt.
      await call(request, "POST", "/dev/jobs/run", undefined);
      let lastFailureAt: string | null = null;
      await expect
        .poll(async () => (lastFailureAt = (await call(request, "GET", `/v1/webhook-endpoints/${endpoint.id}`, seeded.sk)).last_failure_at), {
          timeout: 30_000,
        })
        .not.toBeNull();
      expect(started).toHaveLength(1);
      const elapsed = Date.parse(lastFailureAt!) - started[0]!;
      expect(elapsed).toBeGreaterThanOrEqual(9_000);
      expect(elapsed).toBeLessThan(20_000);
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });
});

async function createConfirmedBooking(request: APIRequestContext, seeded: Seeded) {
  const slot = await firstSlot(request, seeded, seeded.services.trim);
  return call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.trim,
    starts_at: slot.start,
    customer: { name: "Lee Ward", email: "lee@customer.example" },
  });
}
