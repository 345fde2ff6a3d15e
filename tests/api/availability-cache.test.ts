import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { readAvailabilityRevision } from "@/lib/availability/revision";
import { services, timeOff, workspaces } from "@/lib/db/schema";
import { fixedClock } from "@/lib/time/clock";
import { api, BASE_URL, dispatch } from "../helpers/api";
import { book, setNow } from "../helpers/bookings";
import { countingDb } from "../helpers/counting-db";
import { newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
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
    // Kept, but asked again every time: the ETag makes a repeat a 304.
    expect(b.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("tags each answer (ETag): the same request with If-None-Match is a 304 without a body until a booking changes the answer", async () => {
    await setNow("2030-06-01T12:00:30Z");
    const s = await setup();
    const url = (from = FROM) => `${BASE_URL}/v1/availability?${new URLSearchParams({ service_id: s.serviceId, from, to: TO })}`;
    const ask = async (ifNoneMatch?: string, from?: string) => {
      const headers = new Headers({ Authorization: `Bearer ${s.ws.sk}`, "Accept-Encoding": "gzip, br" });
      if (ifNoneMatch !== undefined) headers.set("If-None-Match", ifNoneMatch);
      const response = await dispatch(new Request(url(from), { headers }));
      return { status: response.status, etag: response.headers.get("etag"), response, text: await response.text() };
    };
    const first = await ask();
    expect(first.status).toBe(200);
    // Sent as it is: compression is the balancer's (docs/deploy.md).
    expect(first.response.headers.get("content-encoding")).toBeNull();
    expect(first.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(first.etag).toMatch(/^"[\w-]{32}"$/);
    expect(JSON.parse(first.text).data[0].slots).toHaveLength(15);

    const again = await ask(first.etag!);
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.etag).toBe(first.etag);
    // A list, a weak form a proxy made, and `*` match too; another tag does not.
    expect((await ask(`"other", W/${first.etag}`)).status).toBe(304);
    expect((await ask("*")).status).toBe(304);
    const other = await ask(`"other"`);
    expect(other.status).toBe(200);
    expect(other.text).toBe(first.text);
    expect(other.etag).toBe(first.etag);
    // Another range that holds the same slots is the same answer, with the same tag.
    const later = await ask(undefined, "2030-06-10T08:00:00-04:00");
    expect(later.text).toBe(first.text);
    expect(later.etag).toBe(first.etag);

    await book(s.ws, { service_id: s.serviceId, starts_at: at("10:00") });
    const after = await ask(first.etag!);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(first.etag);
    expect(JSON.parse(after.text).data[0].slots.map((slot: { start: string }) => slot.start)).toEqual(
      hourly(9, 16)
        .slice(0, -1)
        .filter((start) => ![at("09:30"), at("10:00"), at("10:30")].includes(start)),
    );
    expect((await ask(after.etag!)).status).toBe(304);
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
    const tag = async () => (await api.get("/v1/availability", { key: s.ws.sk, query: { service_id: s.serviceId, from: FROM, to: TO } })).headers.get("etag");
    await setNow(new Date(lapsesAt - 5_000));
    expect(await starts(s)).not.toContain(at("10:00"));
    const heldTag = await tag();

    const revision = await revisionOf(s);
    await setNow(new Date(lapsesAt + 1_000));
    expect(await starts(s)).toContain(at("10:00"));
    expect(await revisionOf(s)).toEqual(revision); // nothing was written: the clock alone freed it
    // The same revision, another answer: another tag.
    expect(await tag()).not.toBe(heldTag);

    await setNow(new Date(lapsesAt - 5_000));
    expect(await starts(s)).not.toContain(at("10:00"));
    // Computed anew, the same answer as before: the same tag.
    expect(await tag()).toBe(heldTag);
  });

  it("keeps a range's tag while now + min_lead moves between two starts, and a new one once a start drops out", async () => {
    const s = await setup({ minLeadMinutes: 60 });
    const url = `${BASE_URL}/v1/availability?${new URLSearchParams({ service_id: s.serviceId, from: FROM, to: "2030-07-10T00:00:00-04:00" })}`;
    const ask = async (ifNoneMatch?: string) => {
      const headers = new Headers({ Authorization: `Bearer ${s.ws.sk}` });
      if (ifNoneMatch) headers.set("If-None-Match", ifNoneMatch);
      const response = await dispatch(new Request(url, { headers }));
      const text = await response.text();
      return {
        status: response.status,
        etag: response.headers.get("etag")!,
        starts: text ? (JSON.parse(text).data[0].slots.map((slot: { start: string }) => slot.start) as string[]) : [],
      };
    };
    await setNow("2030-06-10T08:59:30-04:00");
    const first = await ask();
    expect(first.starts[0]).toBe(at("10:00"));
    await setNow("2030-06-10T08:59:50-04:00");
    expect(await ask(first.etag)).toMatchObject({ status: 304, etag: first.etag });
    await setNow("2030-06-10T09:00:20-04:00");
    const moved = await ask(first.etag);
    expect(moved.status).toBe(200);
    expect(moved.etag).not.toBe(first.etag);
    expect(moved.starts).toEqual(first.starts.slice(1));
  });

  it("drops a start the moment now + min_lead passes it", async () => {
    const s = await setup({ minLeadMinutes: 60 });
    await setNow("2030-06-10T08:59:30-04:00");
    expect((await starts(s))[0]).toBe(at("10:00"));
    await setNow("2030-06-10T09:00:20-04:00");
    expect((await starts(s))[0]).toBe(at("10:30"));
  });
});
