import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { createTranslator } from "use-intl/core";
import { CustomerInput } from "@/lib/customers/schemas";
import en from "@/lib/i18n/messages/en.json";
import { BookingAnswerInput } from "@/lib/questions/schemas";
import type { CreateBookingRequest, CustomerService, Question } from "./types";

/**
 * What the customer types on the details step; kept across every error and step change (and
 * for the browser session). `phoneCountry` is the country picker's choice: a number typed
 * without "+" is read as a number of that country.
 */
export type DetailsValues = { name: string; email: string; phone: string; phoneCountry?: string; answers: Record<string, string> };
export type DetailsErrors = Partial<Record<string, string>>;

export const EMPTY_DETAILS: DetailsValues = { name: "", email: "", phone: "", answers: {} };

export const questionKey = (questionId: string) => `question:${questionId}`;

/**
 * The one source of the limits: the API's own schemas (lib/customers, lib/questions), so the
 * page never sends what the server refuses. The name, email and answer fields carry no
 * `maxlength`: the browser would cut a longer paste without a word, so the page keeps it and
 * validateDetails names the limit beside the field instead (issue 40).
 */
const customer = CustomerInput.shape;
export const FIELD_MAX_LENGTH = {
  name: customer.name.maxLength ?? 200,
  email: customer.email.maxLength ?? 254,
  /** Room for spaces and brackets around the longest E.164 number. */
  phone: 32,
  answer: BookingAnswerInput.shape.value.maxLength ?? 5_000,
};

/** The questions the chosen service asks, in the business's order. */
export function questionsFor(questions: Question[], serviceId: string): Question[] {
  return questions.filter((question) => question.applies_to === "all_services" || question.service_ids.includes(serviceId));
}

/** Spaces, dots, dashes and brackets are how people write numbers; the API wants bare E.164. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s().-]/g, "");
}

const COUNTRIES = new Set<string>(getCountries());

export function isCountryCode(value: string | null | undefined): value is CountryCode {
  return typeof value === "string" && COUNTRIES.has(value);
}

/** The countries the picker offers, named in the page's language, with their calling codes. */
export function phoneCountries(locale: string): { code: CountryCode; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, "en"], { type: "region" });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({ code, label: `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** The phone country a customer starts with: their locale's region, else the business's country (its phone number). */
export function defaultPhoneCountry(businessPhone: string | null, locale: string): CountryCode | undefined {
  // The customer's own region first (their browser's en-GB, fr-CA…): their number is most likely
  // from there, wherever the business is; the business's number only when the locale names none.
  const region = locale.split("-")[1]?.toUpperCase();
  if (isCountryCode(region)) return region;
  return businessPhone ? parsePhoneNumberFromString(businessPhone)?.country : undefined;
}

/** The number in E.164 when it is a real number (of the chosen country unless it starts with +), else null. */
export function toE164(phone: string, country?: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), isCountryCode(country) ? country : undefined);
  if (!parsed?.isValid()) return null;
  return customer.phone.safeParse(parsed.number).success ? parsed.number : null;
}

type ValidationKey =
  | "nameMissing"
  | "nameTooLong"
  | "emailMissing"
  | "emailTooLong"
  | "emailInvalid"
  | "phoneInvalid"
  | "phoneInvalidForCountry"
  | "tickBox"
  | "answerMissing"
  | "answerTooLong"
  | "refusedName"
  | "refusedEmail"
  | "refusedPhone"
  | "refusedAnswer";
/** `t` of the `flow.validation` namespace, as next-intl's `useTranslations("flow.validation")` gives it. */
export type ValidationTranslator = (key: ValidationKey, values?: { max: number }) => string;

const english: ValidationTranslator = createTranslator({ locale: "en", messages: en, namespace: "flow.validation" });

/**
 * Checks the customer's details against the API's schemas (zod), field by field; each zod
 * refusal becomes a plain sentence in the page's language (`t`, English when omitted).
 */
export function validateDetails(values: DetailsValues, questions: Question[], t: ValidationTranslator = english): DetailsErrors {
  const errors: DetailsErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = t("nameMissing");
  else if (!customer.name.safeParse(name).success) errors.name = t("nameTooLong", { max: FIELD_MAX_LENGTH.name });
  const email = values.email.trim();
  if (!email) errors.email = t("emailMissing");
  else if (email.length > FIELD_MAX_LENGTH.email) errors.email = t("emailTooLong", { max: FIELD_MAX_LENGTH.email });
  else if (!customer.email.safeParse(email).success) errors.email = t("emailInvalid");
  if (values.phone.trim() && !toE164(values.phone, values.phoneCountry)) {
    errors.phone = values.phone.trim().startsWith("+") ? t("phoneInvalid") : t("phoneInvalidForCountry");
  }
  for (const question of questions) {
    const value = values.answers[question.id] ?? "";
    const missing = question.type === "checkbox" ? value !== "true" : !value.trim();
    const key = questionKey(question.id);
    if (question.required && missing) errors[key] = question.type === "checkbox" ? t("tickBox") : t("answerMissing");
    else if (!BookingAnswerInput.shape.value.safeParse(value.trim()).success) errors[key] = t("answerTooLong", { max: FIELD_MAX_LENGTH.answer });
  }
  return errors;
}

/** The server's words for a refused field, in the page's: never "customer.email: Invalid email address". */
export function messageForParam(field: string, t: ValidationTranslator = english): string {
  if (field === "name") return t("refusedName");
  if (field === "email") return t("refusedEmail");
  if (field === "phone") return t("refusedPhone");
  return t("refusedAnswer");
}

export function toCreateBody(input: {
  service: CustomerService;
  staffId: string | null;
  startsAt: string;
  values: DetailsValues;
  questions: Question[];
  /** The browser's IANA zone (docs/decisions.md#time-zones), so emails and reminders show the customer's time. */
  customerZone?: string | null;
  /** The page's language (docs/decisions.md#languages), so the code, confirmation and reminders come in it. */
  language?: string | null;
  /** The browser's own BCP 47 locale (`en-US`), so messages write times as the customer reads them (docs/decisions.md#languages). */
  customerLocale?: string | null;
  /** A series (docs/series-and-waitlists.md). */
  repeat?: CreateBookingRequest["repeat"] | null;
}): CreateBookingRequest {
  const phone = input.values.phone.trim() ? (toE164(input.values.phone, input.values.phoneCountry) ?? normalizePhone(input.values.phone)) : "";
  const answers = input.questions
    .map((question) => ({ question_id: question.id, value: answerValue(question, input.values.answers[question.id]) }))
    .filter((answer) => answer.value !== "");
  return {
    service_id: input.service.id,
    // Spec: with no calendar choice the client sends no staff_id at all.
    ...(input.staffId ? { staff_id: input.staffId } : {}),
    starts_at: input.startsAt,
    customer: {
      name: input.values.name.trim(),
      email: input.values.email.trim(),
      ...(phone ? { phone } : {}),
      ...(input.customerZone ? { timezone: input.customerZone } : {}),
      ...(input.language ? { language: input.language } : {}),
      ...(input.customerLocale ? { locale: input.customerLocale } : {}),
    },
    ...(answers.length > 0 ? { answers } : {}),
    ...(input.repeat ? { repeat: input.repeat } : {}),
  };
}

/**
 * What makes two creates the same booking attempt (docs/booking-flow.md#attempts): the choice and
 * the customer's details and answers. The page's language and the browser's zone and locale are
 * not part of it: switching the language, then sending the same details again, must replay the
 * booking already made, never make a second one.
 */
export function attemptIdentity(body: CreateBookingRequest): string {
  const { timezone: _zone, language: _language, locale: _locale, ...customer } = body.customer as CreateBookingRequest["customer"] & { locale?: string };
  return JSON.stringify({ ...body, customer });
}

function answerValue(question: Question, raw: string | undefined): string {
  if (question.type === "checkbox") return raw === "true" ? "true" : "false";
  return (raw ?? "").trim();
}

/**
 * A 422 from the API names the field in `param` (customer.email, answers.2.value, …);
 * this finds the form field it belongs to, so the message shows beside it.
 */
export function fieldForParam(param: string | undefined, body: CreateBookingRequest): string | null {
  if (!param) return null;
  if (param.startsWith("customer.name")) return "name";
  if (param.startsWith("customer.email")) return "email";
  if (param.startsWith("customer.phone")) return "phone";
  const answer = param.match(/^answers(?:\.(\d+))?/);
  if (answer) {
    const index = answer[1] === undefined ? 0 : Number(answer[1]);
    const questionId = body.answers?.[index]?.question_id;
    return questionId ? questionKey(questionId) : null;
  }
  return null;
}
