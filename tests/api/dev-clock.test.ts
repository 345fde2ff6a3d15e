import { describe, expect, it } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { loadClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { expectError } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";

const near = (iso: string, expectedMs: number, toleranceMs = 5_000) => expect(Math.abs(Date.parse(iso) - expectedMs)).toBeLessThan(toleranceMs);

describe("/dev/clock", () => {
  it("reads real time with no offset by default", async () => {
    const response = await api.get("/dev/clock");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ now: expect.stringMatching(/Z$/), offset_seconds: 0 });
    near(response.body.now, Date.now());
  });

  it("sets the time to an instant, and every time decision reads it", async () => {
    const target = "2031-05-04T10:00:00+02:00";
    const response = await api.post("/dev/clock", { body: { now: target } });
    expect(response.status).toBe(200);
    near(response.body.now, Date.parse(target));
    expect(response.body.offset_seconds).toBeGreaterThan(0);
    near((await loadClock(currentDb().db)).now().toISOString(), Date.parse(target));
    near((await api.get("/dev/clock")).body.now, Date.parse(target));
  });

  it("advances (and rewinds) by seconds, cumulatively", async () => {
    await api.post("/dev/clock", { body: { advance_seconds: 3600 } });
    const second = await api.post("/dev/clock", { body: { advance_seconds: 1800 } });
    expect(second.body.offset_seconds).toBe(5400);
    near(second.body.now, Date.now() + 5_400_000);
    const back = await api.post("/dev/clock", { body: { advance_seconds: -5400 } });
    expect(back.body.offset_seconds).toBe(0);
  });

  it("DELETE returns to real time", async () => {
    await api.post("/dev/clock", { body: { advance_seconds: 86_400 } });
    const reset = await api.delete("/dev/clock");
    expect(reset.status).toBe(200);
    expect(reset.body.offset_seconds).toBe(0);
    near((await loadClock(currentDb().db)).now().toISOString(), Date.now());
  });

  it("refuses a body with neither, both, or malformed values", async () => {
    expectError(await api.post("/dev/clock", { body: {} }), 422, "validation_failed", "now");
    expectError(await api.post("/dev/clock", { body: { now: "2031-01-01T00:00:00Z", advance_seconds: 5 } }), 422, "validation_failed", "now");
    expectError(await api.post("/dev/clock", { body: { now: "tomorrow" } }), 422, "validation_failed", "now");
    expectError(await api.post("/dev/clock", { body: { now: "2031-01-01T00:00:00" } }), 422, "validation_failed", "now");
    expectError(await api.post("/dev/clock", { body: { advance_seconds: 1.5 } }), 422, "validation_failed", "advance_seconds");
    expectError(await api.post("/dev/clock", { body: { advance_seconds: "60" } }), 422, "validation_failed", "advance_seconds");
    expectError(await api.post("/dev/clock", { rawBody: "{not json", headers: { "content-type": "application/json" } }), 422, "validation_failed");
    expect((await api.get("/dev/clock")).body.offset_seconds).toBe(0);
  });

  it("keeps the clock inside the instants the API accepts, [1970, 2200)", async () => {
    expectError(await api.post("/dev/clock", { body: { now: "2200-01-01T00:00:00Z" } }), 422, "validation_failed", "now");
    expectError(await api.post("/dev/clock", { body: { now: "1969-12-31T23:59:59Z" } }), 422, "validation_failed", "now");
    const almost = await api.post("/dev/clock", { body: { now: "2199-12-31T00:00:00Z" } });
    expect(almost.status).toBe(200);
    // Steps that add up may not carry it past the end either.
    expectError(await api.post("/dev/clock", { body: { advance_seconds: 2 * 86_400 } }), 422, "validation_failed", "advance_seconds");
    near((await api.get("/dev/clock")).body.now, Date.parse("2199-12-31T00:00:00Z"));
    await api.delete("/dev/clock");
  });

  it("answers 405 for other methods", async () => {
    const response = await api.put("/dev/clock", { body: {} });
    expectError(response, 405, "method_not_allowed");
  });

  it("is a 404 when dev tools are off, and changes nothing", async () => {
    setConfigForTesting({ devTools: false });
    expectError(await api.get("/dev/clock"), 404, "not_found");
    expectError(await api.post("/dev/clock", { body: { advance_seconds: 60 } }), 404, "not_found");
    expectError(await api.delete("/dev/clock"), 404, "not_found");
    setConfigForTesting(undefined);
    expect((await api.get("/dev/clock")).body.offset_seconds).toBe(0);
  });
});
