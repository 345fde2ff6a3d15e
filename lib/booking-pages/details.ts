import type { CreateBookingRequest, CustomerService, Question } from "./types";

/** What the customer types on the details step; kept across every error and step change. */
export type DetailsValues = { name: string; email: string; phone: string; answers: Record<string, string> };
export type DetailsErrors = Partial<Record<string, string>>;

export const EMPTY_DETAILS: DetailsValues = { name: "", email: "", phone: "", answers: {} };

export const questionKey = (questionId: string) => `question:${questionId}`;

/** The questions the chosen service asks, in the business's order. */
export function questionsFor(questions: Question[], serviceId: string): Question[] {
  return questions.filter((question) => question.applies_to === "all_services" || question.service_ids.includes(serviceId));
}

/** Spaces, dots, dashes and brackets are how people write numbers; the API wants bare E.164. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s().-]/g, "");
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** A first check in the browser so mistakes show at once; the API stays the authority. */
export function validateDetails(values: DetailsValues, questions: Question[]): DetailsErrors {
  const errors: DetailsErrors = {};
  if (!values.name.trim()) errors.name = "Please enter your name.";
  if (!values.email.trim()) errors.email = "Please enter your email address.";
  else if (!EMAIL.test(values.email.trim())) errors.email = "This doesn't look like an email address. Please check it.";
  const phone = normalizePhone(values.phone);
  if (phone && !E164.test(phone)) errors.phone = "Please enter the number in international format, starting with + and the country code.";
  for (const question of questions) {
    const value = values.answers[question.id] ?? "";
    const missing = question.type === "checkbox" ? value !== "true" : !value.trim();
    if (question.required && missing)
      errors[questionKey(question.id)] = question.type === "checkbox" ? "Please tick this box to continue." : "Please answer this question.";
  }
  return errors;
}

export function toCreateBody(input: {
  service: CustomerService;
  staffId: string | null;
  startsAt: string;
  values: DetailsValues;
  questions: Question[];
  /** The browser's IANA zone (DECISIONS §12), so emails and reminders show the customer's time. */
  customerZone?: string | null;
}): CreateBookingRequest {
  const phone = normalizePhone(input.values.phone);
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
    },
    ...(answers.length > 0 ? { answers } : {}),
  };
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
