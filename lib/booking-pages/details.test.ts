import { describe, expect, it } from "vitest";
import {
  defaultPhoneCountry,
  FIELD_MAX_LENGTH,
  fieldForParam,
  normalizePhone,
  questionKey,
  questionsFor,
  toCreateBody,
  toE164,
  validateDetails,
} from "./details";
import type { CustomerService, Question } from "./types";

const service: CustomerService = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Cut",
  duration_minutes: 45,
  price_cents: 4500,
  description: null,
  payment_mode: "none",
  payment_amount_cents: null,
  max_advance_days: 60,
  min_cancel_notice_minutes: 0,
  category_id: null,
  capacity: 1,
  repeat_max: 0,
  bookable: true,
};

const question = (over: Partial<Question>): Question => ({
  id: "22222222-2222-4222-8222-222222222222",
  label: "Anything we should know?",
  help_text: null,
  type: "text",
  options: [],
  required: false,
  applies_to: "all_services",
  service_ids: [],
  position: 0,
  ...over,
});

describe("questionsFor", () => {
  it("keeps questions for all services and those naming the chosen one", () => {
    const all = question({ id: "a" });
    const mine = question({ id: "b", applies_to: "selected_services", service_ids: [service.id] });
    const other = question({ id: "c", applies_to: "selected_services", service_ids: ["someone-else"] });
    expect(questionsFor([all, mine, other], service.id).map((q) => q.id)).toEqual(["a", "b"]);
  });
});

describe("validateDetails", () => {
  it("asks for name and a plausible email, and a phone only in international form", () => {
    expect(validateDetails({ name: " ", email: "nope", phone: "06 12", answers: {} }, [])).toEqual({
      name: expect.any(String),
      email: expect.any(String),
      phone: expect.any(String),
    });
    expect(validateDetails({ name: "Ana", email: "ana@example.com", phone: "+33 6 12 34 56 78", answers: {} }, [])).toEqual({});
  });

  it("requires required answers, and a ticked box for a required checkbox", () => {
    const text = question({ id: "t", required: true });
    const box = question({ id: "x", type: "checkbox", required: true });
    const errors = validateDetails({ name: "Ana", email: "ana@example.com", phone: "", answers: { x: "false" } }, [text, box]);
    expect(Object.keys(errors).sort()).toEqual([questionKey("t"), questionKey("x")].sort());
  });
});

describe("toCreateBody", () => {
  it("sends no staff_id without a calendar choice, trims values and strips phone punctuation", () => {
    const body = toCreateBody({
      service,
      staffId: null,
      startsAt: "2026-03-12T09:30:00+01:00",
      values: { name: " Ana ", email: " ana@example.com ", phone: "+33 (6) 12-34-56-78", answers: {} },
      questions: [],
    });
    expect(body).toEqual({
      service_id: service.id,
      starts_at: "2026-03-12T09:30:00+01:00",
      customer: { name: "Ana", email: "ana@example.com", phone: "+33612345678" },
    });
    expect("staff_id" in body).toBe(false);
  });

  it("sends the chosen calendar, and checkbox answers as the strings true/false", () => {
    const box = question({ id: "x", type: "checkbox" });
    const body = toCreateBody({ service, staffId: "s1", startsAt: "t", values: { name: "A", email: "a@b.co", phone: "", answers: {} }, questions: [box] });
    expect(body.staff_id).toBe("s1");
    expect(body.answers).toEqual([{ question_id: "x", value: "false" }]);
    expect(body.customer).toEqual({ name: "A", email: "a@b.co" });
  });
});

describe("fieldForParam", () => {
  it("maps API params back to form fields", () => {
    const body = toCreateBody({
      service,
      staffId: null,
      startsAt: "t",
      values: { name: "A", email: "a@b.co", phone: "", answers: { q1: "hi" } },
      questions: [question({ id: "q1" })],
    });
    expect(fieldForParam("customer.email", body)).toBe("email");
    expect(fieldForParam("customer.phone", body)).toBe("phone");
    expect(fieldForParam("answers.0.value", body)).toBe(questionKey("q1"));
    expect(fieldForParam("starts_at", body)).toBeNull();
    expect(normalizePhone("+1 (555) 010-9999")).toBe("+15550109999");
  });
});

describe("one validation source with the API", () => {
  it("refuses what the server refuses, in plain words", () => {
    const errors = validateDetails({ name: "x".repeat(201), email: "pat@example.c", phone: "+1234567", answers: {} }, []);
    expect(errors.name).toBe("Please keep your name to 200 characters or fewer.");
    expect(errors.email).toMatch(/^This doesn't look like a complete email address/);
    expect(errors.phone).toMatch(/^This doesn't look like a complete phone number/);
    for (const message of Object.values(errors)) expect(message).not.toMatch(/customer\.|Too big|Invalid/);
  });

  it("reads a local number in the chosen country and sends E.164", () => {
    const values = { name: "Ana", email: "ana@example.com", phone: "020 7946 0958", phoneCountry: "GB", answers: {} };
    expect(validateDetails(values, [])).toEqual({});
    expect(toCreateBody({ service, staffId: null, startsAt: "t", values, questions: [] }).customer.phone).toBe("+442079460958");
    expect(toE164("020 7946 0958", "US")).toBeNull();
    expect(FIELD_MAX_LENGTH).toMatchObject({ name: 200, email: 254, answer: 5_000 });
  });

  it("defaults the phone country from the customer's locale, else from the business's number", () => {
    expect(defaultPhoneCountry("+12125550123", "en-GB")).toBe("GB");
    expect(defaultPhoneCountry("+442079460958", "en-US")).toBe("US");
    expect(defaultPhoneCountry("+442079460958", "en")).toBe("GB");
    expect(defaultPhoneCountry(null, "fr-FR")).toBe("FR");
    expect(defaultPhoneCountry(null, "en")).toBeUndefined();
  });
});
