import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setConfigForTesting } from "@/lib/config";
import { bookingAnswers } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { expectError, newAccount, newWorkspace, newWorkspaceOn } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { book, localAt, newCustomer, setNow } from "../helpers/bookings";
import { addQuestion, addService, setWorkingHours } from "../helpers/factories";

describe("POST /v1/bookings – body rules", () => {
  it("names the field of every malformed body", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const valid = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, service_id: undefined }, "service_id"],
      [{ ...valid, service_id: "svc_1" }, "service_id"],
      [{ ...valid, staff_id: 42 }, "staff_id"],
      [{ ...valid, starts_at: undefined }, "starts_at"],
      [{ ...valid, starts_at: "2030-01-01T10:00:00" }, "starts_at"],
      [{ ...valid, starts_at: null }, "starts_at"],
      [{ ...valid, customer: undefined }, "customer"],
      [{ ...valid, customer: { ...valid.customer, name: "" } }, "customer.name"],
      [{ ...valid, customer: { ...valid.customer, name: "x".repeat(10_000) } }, "customer.name"],
      [{ ...valid, customer: { ...valid.customer, email: "not-an-email" } }, "customer.email"],
      [{ ...valid, customer: { ...valid.customer, phone: "0612345678" } }, "customer.phone"],
      [{ ...valid, customer: { ...valid.customer, phone: "" } }, "customer.phone"],
      [{ ...valid, answers: "none" }, "answers"],
      [{ ...valid, answers: [{ question_id: "q1", value: "x" }] }, "answers.0.question_id"],
      [{ ...valid, answers: [{ question_id: "00000000-0000-4000-8000-000000000000" }] }, "answers.0.value"],
    ];
    for (const [body, param] of cases) expectError(await book(ws, body), 422, "validation_failed", param);
    expectError(
      await api.post("/v1/bookings", { key: ws.sk, rawBody: "{not json", headers: { "Content-Type": "application/json" } }),
      422,
      "validation_failed",
    );
    expectError(await api.post("/v1/bookings", { key: ws.sk, body: [valid] }), 422, "validation_failed");
    const withNullPhone = await book(ws, { ...valid, customer: { ...valid.customer, phone: null }, unknown_field: true });
    expect(withNullPhone.status).toBe(201);
  });
});

describe("POST /v1/bookings – answers", () => {
  it("validates answers against the questions that apply to the service, and stores them", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const service = await addService(ws);
    const otherService = await addService(ws, { name: "Colour" });
    const size = await addQuestion(ws, { label: "Hair length", type: "select", options: ["short", "long"], required: true, position: 1 });
    const terms = await addQuestion(ws, { label: "I accept the terms", type: "checkbox", required: true, position: 2 });
    const note = await addQuestion(ws, { label: "Anything else?", type: "long_text" });
    const colourOnly = await addQuestion(ws, { label: "Which colour?", type: "text", appliesTo: "selected_services", serviceIds: [otherService.id] });
    const foreign = await addQuestion(other, { label: "Elsewhere", type: "text" });
    const base = { service_id: service.id, starts_at: localAt(ws, 2, "10:00") };
    const answers = (...list: [string, string][]) => list.map(([question_id, value]) => ({ question_id, value }));

    const refusals: [unknown, string][] = [
      [answers([size.id, "long"], [terms.id, "true"], ["00000000-0000-4000-8000-000000000000", "x"]), "answers.2.question_id"],
      [answers([size.id, "long"], [terms.id, "true"], [foreign.id, "x"]), "answers.2.question_id"],
      [answers([size.id, "long"], [terms.id, "true"], [colourOnly.id, "red"]), "answers.2.question_id"],
      [answers([size.id, "medium"], [terms.id, "true"]), "answers.0.value"],
      [answers([size.id, "long"], [terms.id, "yes"]), "answers.1.value"],
      [answers([size.id, "long"], [terms.id, "false"]), "answers.1.value"],
      [answers([size.id, "long"], [size.id, "short"], [terms.id, "true"]), "answers.1.question_id"],
      [answers([terms.id, "true"]), "answers"],
      [undefined, "answers"],
    ];
    for (const [list, param] of refusals) expectError(await book(ws, { ...base, answers: list }), 422, "validation_failed", param);

    const created = await book(ws, { ...base, answers: answers([note.id, "Fringe, please"], [size.id, "short"], [terms.id, "true"]) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = await currentDb().db.select().from(bookingAnswers).where(eq(bookingAnswers.bookingId, created.body.id));
    expect(stored.map((row) => [row.questionId, row.value]).sort()).toEqual(
      [
        [note.id, "Fringe, please"],
        [size.id, "short"],
        [terms.id, "true"],
      ].sort(),
    );
    // The other service takes its own selected-services question besides the all-services ones.
    const colour = await book(ws, {
      service_id: otherService.id,
      starts_at: localAt(ws, 2, "14:00"),
      answers: answers([size.id, "long"], [terms.id, "true"], [colourOnly.id, "red"]),
    });
    expect(colour.status, JSON.stringify(colour.body)).toBe(201);
  });
});

describe("POST /v1/bookings – 429 booking_volume_refused", () => {
  it("refuses once the account created the limit's number of bookings this billing period, across its workspaces", async () => {
    setConfigForTesting({ bookingVolumeLimit: 3 });
    const account = await newAccount();
    const first = await newWorkspaceOn(account);
    const second = await newWorkspaceOn(account);
    const serviceA = await addService(first, { durationMinutes: 30 });
    const serviceB = await addService(second, { durationMinutes: 30 });
    const a1 = await book(first, { service_id: serviceA.id, starts_at: localAt(first, 2, "09:00") });
    await api.post(`/v1/bookings/${a1.body.id}/cancel`, { key: first.sk });
    expect((await book(first, { service_id: serviceA.id, starts_at: localAt(first, 2, "10:00") })).status).toBe(201);
    expect((await book(second, { service_id: serviceB.id, starts_at: localAt(second, 2, "10:00") })).status).toBe(201);

    for (const refused of [
      await book(second, { service_id: serviceB.id, starts_at: localAt(second, 2, "11:00") }),
      await book(first, { service_id: serviceA.id, starts_at: localAt(first, 2, "11:00") }, { key: first.pk }),
    ]) {
      expectError(refused, 429, "booking_volume_refused");
      expect(Object.keys(refused.body.error).sort()).toEqual(["message", "type"]);
      expect(refused.headers.get("retry-after")).toBeNull();
    }
    const elsewhere = await newWorkspace();
    expect((await book(elsewhere, { service_id: (await addService(elsewhere)).id, starts_at: localAt(elsewhere, 2, "10:00") })).status).toBe(201);
  });
});

describe("POST /v1/bookings – daylight saving days", () => {
  it("books real elapsed minutes across the spring-forward gap, written with each instant's offset", async () => {
    await setNow("2027-03-20T12:00:00Z");
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const service = await addService(ws, { durationMinutes: 60 });
    await setWorkingHours(ws, ws.staffId, [{ weekday: 0, startMinute: 60, endMinute: 17 * 60 }]);
    const night = await book(ws, { service_id: service.id, starts_at: "2027-03-28T01:30:00+01:00" });
    expect(night.status, JSON.stringify(night.body)).toBe(201);
    expect([night.body.starts_at, night.body.ends_at]).toEqual(["2027-03-28T01:30:00+01:00", "2027-03-28T03:30:00+02:00"]);
    const morning = await book(ws, { service_id: service.id, starts_at: "2027-03-28T09:00:00+02:00" });
    expect([morning.status, morning.body.starts_at]).toEqual([201, "2027-03-28T09:00:00+02:00"]);
    // 09:00 written in UTC is the same instant, and answers in the workspace offset.
    const utc = await book(ws, { service_id: service.id, starts_at: "2027-03-28T09:00:00Z" });
    expect([utc.status, utc.body.starts_at]).toEqual([201, "2027-03-28T11:00:00+02:00"]);
  });

  it("books the repeated wall time of the fall-back night twice, once per offset", async () => {
    await setNow("2027-10-25T12:00:00Z");
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const service = await addService(ws, { durationMinutes: 30 });
    await setWorkingHours(ws, ws.staffId, [{ weekday: 0, startMinute: 60, endMinute: 4 * 60 }]);
    const summer = await book(ws, { service_id: service.id, starts_at: "2027-10-31T02:30:00+02:00" });
    const winter = await book(ws, { service_id: service.id, starts_at: "2027-10-31T02:30:00+01:00" });
    expect([summer.status, winter.status]).toEqual([201, 201]);
    expect([summer.body.starts_at, summer.body.ends_at]).toEqual(["2027-10-31T02:30:00+02:00", "2027-10-31T02:00:00+01:00"]);
    expect([winter.body.starts_at, winter.body.ends_at]).toEqual(["2027-10-31T02:30:00+01:00", "2027-10-31T03:00:00+01:00"]);
    expectError(await book(ws, { service_id: service.id, starts_at: "2027-10-31T02:30:00+01:00" }), 409, "slot_unavailable");
  });
});
