import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { api, type ApiResponse } from "../helpers/api";
import { localAt, newCustomer, setNow } from "../helpers/bookings";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { addService } from "../helpers/factories";

/**
 * The spec's rate-limit table and its four rules, through the real routes: a fixed calendar
 * minute, refused requests still charged, every limited call charged to the key and to the
 * client IP, and a 429 that is the JSON body only.
 */
let ipCounter = 0;
const newIp = () => `203.0.113.${++ipCounter % 250}`;

/** Pins the app clock a second into a fresh minute, so a burst never straddles a boundary. */
async function startOfMinute(offsetMinutes = 0): Promise<DateTime> {
  const minute = DateTime.utc().plus({ days: 1, minutes: offsetMinutes }).startOf("minute").plus({ seconds: 1 });
  await setNow(minute.toJSDate());
  return minute;
}

function expectRateLimited(response: ApiResponse) {
  expectError(response, 429, "rate_limited");
  expect(response.headers.get("retry-after")).toBeNull();
  expect([...response.headers.keys()].filter((name) => name.startsWith("x-ratelimit"))).toEqual([]);
}

async function createWith(ws: TestWorkspace, serviceId: string, key: string, ip: string) {
  return api.post("/v1/bookings", {
    key,
    headers: { "X-Forwarded-For": ip },
    body: { service_id: serviceId, starts_at: localAt(ws, 3, "09:00"), customer: newCustomer() },
  });
}

async function secondPublishableKey(ws: TestWorkspace): Promise<string> {
  const minted = await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "pk", name: "Second site" } });
  return minted.body.key;
}

describe("POST /v1/bookings with a publishable key: 10 per minute per key and per IP", () => {
  it("allows exactly 10 in a minute, refuses the 11th with a bare 429, and resets at the minute boundary", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 30 });
    await startOfMinute();
    const ip = newIp();
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await createWith(ws, service.id, ws.pk, ip)).status);
    expect(answers.filter((status) => status === 429)).toEqual([]);
    expectRateLimited(await createWith(ws, service.id, ws.pk, ip));

    await startOfMinute(1);
    expect((await createWith(ws, service.id, ws.pk, ip)).status).not.toBe(429);
  });

  it("charges the key and the IP independently, refused requests included", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 30 });
    const otherPk = await secondPublishableKey(ws);
    await startOfMinute();
    const [ipA, ipB, ipC] = [newIp(), newIp(), newIp()];

    for (let i = 0; i < 10; i++) await createWith(ws, service.id, ws.pk, ipA);
    // The key is spent: from a fresh IP it is still refused, and those refusals charge ipB.
    for (let i = 0; i < 4; i++) expectRateLimited(await createWith(ws, service.id, ws.pk, ipB));
    // ipA is spent too: a fresh key from ipA is refused.
    expectRateLimited(await createWith(ws, service.id, otherPk, ipA));
    // ipB took 4 refused units: the other key gets 6 more from it, not 10.
    for (let i = 0; i < 6; i++) expect((await createWith(ws, service.id, otherPk, ipB)).status).not.toBe(429);
    expectRateLimited(await createWith(ws, service.id, otherPk, ipB));
    // A fresh IP with a key that still has budget passes.
    const otherWs = await newWorkspace();
    const otherService = await addService(otherWs, { durationMinutes: 30 });
    expect((await createWith(otherWs, otherService.id, otherWs.pk, ipC)).status).not.toBe(429);
  });

  it("never limits secret keys", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 30 });
    await startOfMinute();
    const ip = newIp();
    for (let i = 0; i < 25; i++) expect((await createWith(ws, service.id, ws.sk, ip)).status).not.toBe(429);
  });
});

describe("POST /v1/bookings/{id}/verify with a publishable key: 10 per minute", () => {
  it("refuses the 11th attempt in a minute, whatever the booking", async () => {
    const ws = await newWorkspace();
    await startOfMinute();
    const ip = newIp();
    const verify = () =>
      api.post("/v1/bookings/00000000-0000-4000-8000-000000000000/verify", { key: ws.pk, headers: { "X-Forwarded-For": ip }, body: { code: "000000" } });
    for (let i = 0; i < 10; i++) expectError(await verify(), 422, "verification_failed");
    expectRateLimited(await verify());
  });
});

describe("keyless public routes: 30 per minute per IP, shared", () => {
  it("shares one budget across the bootstrap and the customer routes, per IP", async () => {
    const ws = await newWorkspace();
    await startOfMinute();
    const ip = newIp();
    const bootstrap = () => api.get(`/v1/public/workspaces/${ws.slug}`, { headers: { "X-Forwarded-For": ip } });
    const cancel = () => api.post("/v1/public/bookings/no-such-token/cancel", { headers: { "X-Forwarded-For": ip }, body: {} });
    const reschedule = () =>
      api.post("/v1/public/bookings/no-such-token/reschedule", { headers: { "X-Forwarded-For": ip }, body: { starts_at: localAt(ws, 2, "10:00") } });
    for (let i = 0; i < 10; i++) expect((await bootstrap()).status).toBe(200);
    for (let i = 0; i < 10; i++) expectError(await cancel(), 404, "not_found");
    for (let i = 0; i < 10; i++) expectError(await reschedule(), 404, "not_found");
    expectRateLimited(await bootstrap());
    expectRateLimited(await cancel());
    // Another IP has its own budget.
    expect((await api.get(`/v1/public/workspaces/${ws.slug}`, { headers: { "X-Forwarded-For": newIp() } })).status).toBe(200);
  });
});
