import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { readAvailabilityRevision } from "@/lib/availability/revision";
import { services, timeOff, workspaces } from "@/lib/db/schema";
import { fixedClock } from "@/lib/time/clock";
import { api, BASE_URL, dispatch } from "../helpers/api";
import { book, setNow } from "../helpers/bookings";
import { countingDb } from "../helpers/counting-db";
import { newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/setup-file";
import { addService, connectPaymentAccount, updateWorkspace } from "../helpers/factories";

/**
 * Availability answers are cached per instance (lib/availability/answer-cache.ts). These tests
 * ask twice around every kind of change — through the API, straight in the database as another
 * instance would, and by the clock alone — and expect the second answer to be the new truth.
 * The workspace is in New York; June 10th 2030 is a Monday, its calendar works 9–17 daily.
 */
const FROM = "2030-06-10T00:00:00-04:00";
const TO = "2030-06-11T00:00:00-04:00";
const at = (time: string) => `2030-06-10T${time}:00-04:00`;
const hourly = (first: number, last: number, minutes = [0, 30]) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i).flatMap((hour) =>
    minutes.map((minute) => at(`${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`)),
  );

type Setup = { ws: TestWorkspace; serviceId: string };

async function setup(fields: Parameters<typeof addService>[1] = {}): Promise<Setup> {
  const ws = await newWorkspace({ timezone: "America/New_York", slotIntervalMinutes: 30 });
  const service = await addService(ws, { durationMinutes: 60, ...fields });
  return { ws, serviceId: service.id };
}

async function starts(s: Setup): Promise<string[]> {
  const response = await api.get("/v1/availability", { key: s.ws.sk, query: { service_id: s.serviceId, from: FROM, to: TO } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.flatMap((calendar: { slots: { start: string }[] }) => calendar.slots.map((slot) => slot.start));
}

const revisionOf = (s: Setup) => readAvailabilityRevision(currentDb().db, s.ws.id);

describe("availability answers cached between changes", () => {
  it("answers a repeat with the same bytes after one query (the revision)", async () => {
    await setNow("2030-06-01T12:00:30Z");
    const s = await setup();
    const [workspace] = await currentDb().db.select().from(workspaces).where(eq(workspaces.id, s.ws.id));
    const ask = async () => {
      const counted = countingDb(currentDb().db);
      const body = await getAvailabilityJson({
        ctx: { db: counted.db, clock: fixedClock(new Date("2030-06-01T12:00:30Z")), workspace: workspace! },
        input: { serviceId: s.serviceId, from: new Date(FROM), to: new Date(TO) },
      });
      return { queries: counted.queries(), text: Buffer.concat(body.pieces).toString("utf8") };
    };
    const first = await ask();
    const second = await ask();
    expect(first.queries).toBe(3);
    expect(second.queries).toBe(1);
    expect(second.text).toBe(first.text);
    expect(JSON.parse(first.text).data[0].slots).toHaveLength(15);

    const a = await api.get("/v1/availability", { key: s.ws.sk, query: { service_id: s.serviceId, from: FROM, to: TO } });
    const b = await api.get("/v1/availability", { key: s.ws.sk, query: { service_id: s.serviceId, from: FROM, to: TO } });
    expect(b.body).toEqual(a.body);
    expect(b.headers.get("request-id")).not.toBe(a.headers.get("request-id"));
    expect(b.headers.get("cache-control")).toBe("no-store");
  });

  it("answers compressed in the encoding the client prefers, the same bytes again, and a booking in the very next compressed answer", async () => {
    await setNow("2030-06-01T12:00:30Z");
    const s = await setup();
    const url = `${BASE_URL}/v1/availability?${new URLSearchParams({ service_id: s.serviceId, from: FROM, to: TO })}`;
    const ask = async (acceptEncoding?: string) => {
      const headers = new Headers({ Authorization: `Bearer ${s.ws.sk}` });
      if (acceptEncoding !== undefined) headers.set("Accept-Encoding", acceptEncoding);
      const response = await dispatch(new Request(url, { headers }));
      expect(response.status).toBe(200);
      expect(response.headers.get("vary")).toContain("Accept-Encoding");
      const bytes = Buffer.from(await response.arrayBuffer());
      const encoding = response.headers.get("content-encoding");
      const json = encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes;
      return { encoding, bytes, text: json.toString("utf8") };
    };
    const plain = await ask();
    expect(plain.encoding).toBeNull();
    expect(JSON.parse(plain.text).data[0].slots).toHaveLength(15);
    const cases: [string, string | null][] = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      ["*", "br"],
      ["gzip;q=0", null],
      ["deflate", null],
      ["identity;q=0, *;q=0", null],
    ];
    for (const [accepted, expected] of cases) {
      const answer = await ask(accepted);
      expect(answer.encoding, accepted).toBe(expected);
      expect(answer.text, accepted).toBe(plain.text);
    }
    const gzipped = await ask("gzip");
    expect(gzipped.bytes.length).toBeLessThan(plain.bytes.length / 4);
    // Cached: the same JSON again, never larger (it may have been compressed once more at the best level).
    const again = await ask("gzip");
    expect(again.text).toBe(plain.text);
    expect(again.bytes.length).toBeLessThanOrEqual(gzipped.bytes.length);

    await book(s.ws, { service_id: s.serviceId, starts_at: at("10:00") });
    const after = JSON.parse((await ask("gzip")).text).data[0].slots.map((slot: { start: string }) => slot.start);
    expect(after).toEqual(
      hourly(9, 16)
        .slice(0, -1)
        .filter((start) => ![at("09:30"), at("10:00"), at("10:30")].includes(start)),
    );
  });

  it("shows every change made through the API at once", async () => {
    await setNow("2030-06-01T12:00:30Z");
    const s = await setup();
    const all = hourly(9, 16).slice(0, -1); // 09:00 … 16:00
    expect(await starts(s)).toEqual(all);

    const booking = (await book(s.ws, { service_id: s.serviceId, starts_at: at("10:00") })).body;
    expect(booking.status).toBe("confirmed");
    expect(await starts(s)).toEqual(all.filter((start) => ![at("09:30"), at("10:00"), at("10:30")].includes(start)));
    expect((await api.post(`/v1/bookings/${booking.id}/cancel`, { key: s.ws.sk, body: {} })).status).toBe(200);
    expect(await starts(s)).toEqual(all);

    const off = await api.post(`/v1/staff/${s.ws.staffId}/time-off`, { key: s.ws.sk, body: { starts_at: at("13:00"), ends_at: at("14:00") } });
    expect(off.status).toBe(201);
    expect(await starts(s)).toEqual(all.filter((start) => ![at("12:30"), at("13:00"), at("13:30")].includes(start)));
    expect((await api.delete(`/v1/staff/${s.ws.staffId}/time-off/${off.body.id}`, { key: s.ws.sk })).status).toBe(200);
    expect(await starts(s)).toEqual(all);

    const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 540, end_minute: 720 }));
    expect((await api.put(`/v1/staff/${s.ws.staffId}/working-hours`, { key: s.ws.sk, body: { working_hours: hours } })).status).toBe(200);
    expect(await starts(s)).toEqual([at("09:00"), at("09:30"), at("10:00"), at("10:30"), at("11:00")]);

    const replaced = await api.put(`/v1/services/${s.serviceId}`, { key: s.ws.sk, body: { name: "Long cut", duration_minutes: 120, payment_mode: "none" } });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await starts(s)).toEqual([at("09:00"), at("09:30"), at("10:00")]);

    expect((await api.patch("/v1/workspace", { key: s.ws.sk, body: { slot_interval_minutes: 60 } })).status).toBe(200);
    expect(await starts(s)).toEqual([at("09:00"), at("10:00")]);

    expect((await api.patch(`/v1/staff/${s.ws.staffId}`, { key: s.ws.sk, body: { active: false } })).status).toBe(200);
    expect(await starts(s)).toEqual([]);
  });

  it("shows a change written straight to the database (as another instance would) at once, and not one rolled back", async () => {
    await setNow("2030-06-01T12:00:30Z");
    const s = await setup({ paymentMode: "full", priceCents: 5000 });
    await connectPaymentAccount(s.ws);
    const { db } = currentDb();
    const all = hourly(9, 16).slice(0, -1);
    expect(await starts(s)).toEqual(all);

    await db.insert(timeOff).values({ workspaceId: s.ws.id, staffId: s.ws.staffId, startsAt: new Date(at("09:00")), endsAt: new Date(at("12:00")) });
    expect(await starts(s)).toEqual(all.filter((start) => start >= at("12:00")));

    const before = await revisionOf(s);
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(timeOff).where(eq(timeOff.workspaceId, s.ws.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await revisionOf(s)).toEqual(before);
    expect(await starts(s)).toEqual(all.filter((start) => start >= at("12:00")));

    // A workspace setting the answer depends on (no payment account: a paid service offers nothing).
    await updateWorkspace(s.ws, { stripeAccountId: null });
    expect(await starts(s)).toEqual([]);
    await db.update(services).set({ paymentMode: "none" }).where(eq(services.id, s.serviceId));
    expect(await starts(s)).toEqual(all.filter((start) => start >= at("12:00")));
  });

  it("frees a held slot the moment the hold lapses, with no write, and takes it again if the clock goes back", async () => {
    await setNow("2030-06-01T12:00:30Z");
    const s = await setup();
    await updateWorkspace(s.ws, { requireVerification: true });
    const held = (await book(s.ws, { service_id: s.serviceId, starts_at: at("10:00") })).body;
    expect(held.status).toBe("pending");
    // Booked at 12:00:30, the hold lapses half-way through a minute: the answers just before
    // and just after it fall in the same minute, so only the hold's own expiry tells them apart.
    const lapsesAt = Date.parse(held.hold_expires_at);
    await setNow(new Date(lapsesAt - 5_000));
    expect(await starts(s)).not.toContain(at("10:00"));

    const revision = await revisionOf(s);
    await setNow(new Date(lapsesAt + 1_000));
    expect(await starts(s)).toContain(at("10:00"));
    expect(await revisionOf(s)).toEqual(revision); // nothing was written: the clock alone freed it

    await setNow(new Date(lapsesAt - 5_000));
    expect(await starts(s)).not.toContain(at("10:00"));
  });

  it("keeps a range's compressed answer while now + min_lead moves between two starts, and compresses it better once asked again", async () => {
    const s = await setup({ minLeadMinutes: 60 });
    const url = `${BASE_URL}/v1/availability?${new URLSearchParams({ service_id: s.serviceId, from: FROM, to: "2030-07-10T00:00:00-04:00" })}`;
    const ask = async () => {
      const response = await dispatch(new Request(url, { headers: { Authorization: `Bearer ${s.ws.sk}`, "Accept-Encoding": "gzip" } }));
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { bytes, starts: JSON.parse(gunzipSync(bytes).toString("utf8")).data[0].slots.map((slot: { start: string }) => slot.start) as string[] };
    };
    await setNow("2030-06-10T08:59:30-04:00");
    const first = await ask();
    expect(first.starts[0]).toBe(at("10:00"));
    await setNow("2030-06-10T08:59:40-04:00");
    expect((await ask()).bytes.equals(first.bytes)).toBe(true);
    await setNow("2030-06-10T08:59:50-04:00");
    await vi.waitFor(async () => expect((await ask()).bytes.length).toBeLessThan(first.bytes.length));
    expect((await ask()).starts).toEqual(first.starts);
    await setNow("2030-06-10T09:00:20-04:00");
    expect((await ask()).starts).toEqual(first.starts.slice(1));
  });

  it("drops a start the moment now + min_lead passes it", async () => {
    const s = await setup({ minLeadMinutes: 60 });
    await setNow("2030-06-10T08:59:30-04:00");
    expect((await starts(s))[0]).toBe(at("10:00"));
    await setNow("2030-06-10T09:00:20-04:00");
    expect((await starts(s))[0]).toBe(at("10:30"));
  });
});
