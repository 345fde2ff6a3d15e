import { DateTime } from "luxon";
import { refusalOf } from "@/lib/i18n/refusal-wording";
import { inMemberLanguage } from "../_refusal";

/**
 * What a console setup form gets back from its action: the refusal of the verb (its message,
 * beside the field its `param` names), or a mark that it was saved. A refused form changed
 * nothing: every value is checked by the API's own schema before the verb writes.
 */
export type FormState = { error?: { param: string | null; message: string; detail?: string }; saved?: number };

export const NOTHING_YET: FormState = {};

/** The verb's refusal as the form shows it, in the member's language; anything that is not a domain error is not ours to show. */
export async function refusal(error: unknown): Promise<FormState> {
  const { param, message, detail } = await inMemberLanguage(refusalOf(error));
  return { error: { param: param ?? null, message, ...(detail ? { detail } : {}) } };
}

export function text(form: FormData, name: string): string {
  return String(form.get(name) ?? "");
}

/** A text field the API takes as nullable: empty is null. */
export function textOrNull(form: FormData, name: string): string | null {
  const value = text(form, name).trim();
  return value === "" ? null : value;
}

/**
 * A whole-number field: empty is "not sent" (the API's default), a number is sent as one, and
 * anything else is sent as typed, so the API refuses it with its own message.
 */
export function wholeNumber(form: FormData, name: string): number | string | undefined {
  const value = text(form, name).trim();
  if (value === "") return undefined;
  return /^-?\d+$/.test(value) ? Number(value) : value;
}

/** An amount typed in the currency's units ("45" or "45.50"), sent in cents as the API takes it; empty is null. */
export function cents(form: FormData, name: string): number | string | null {
  const value = text(form, name).trim().replace(",", ".");
  if (value === "") return null;
  return /^-?\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : value;
}

/** A date and time typed in the workspace's zone (datetime-local), as the API's RFC 3339 instant; anything else as typed. */
export function zonedInstant(form: FormData, name: string, zone: string): string {
  const value = text(form, name).trim();
  const local = DateTime.fromISO(value, { zone });
  return local.isValid ? (local.toISO({ suppressMilliseconds: true }) ?? value) : value;
}
