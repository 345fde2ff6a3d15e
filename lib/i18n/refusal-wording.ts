import { DomainError, type ValidationIssue } from "@/lib/errors";

/**
 * Which words a page has for a refused write (docs/console.md#refusals), chosen from the error
 * type, the field its param names and, for a schema's refusal, what the schema found. Pure: the
 * page's language turns the word into text (`console.refusals.<word>`).
 */
/** Where the words live in the message files. */
export const REFUSAL_WORDS = "console.refusals";

export type RawRefusal = { error: string; param?: string; message: string; issue?: ValidationIssue };

/** A verb's refusal as a page reads it; anything that is not a domain error is not a refusal, and is thrown on. */
export function refusalOf(error: unknown): RawRefusal {
  if (!(error instanceof DomainError)) throw error;
  const { param, issue } = error.details;
  return { error: error.type, ...(param ? { param } : {}), message: error.message, ...(issue ? { issue } : {}) };
}

/** The words the console has for a refusal: keys of `console.refusals`. */
export type RefusalWord =
  | "email"
  | "phone"
  | "url"
  | "address"
  | "origin"
  | "color"
  | "slug"
  | "endAfterStart"
  | "overlap"
  | "required"
  | "tooShort"
  | "tooLong"
  | "tooSmall"
  | "tooBig"
  | "atLeast"
  | "atMost"
  | "number"
  | "amount"
  | "choice"
  | "dateTime"
  | "gone"
  | "memberExists"
  | "lastOwner"
  | "slugTaken"
  | "notFound"
  | "forbidden"
  | "planLimit"
  | "rateLimited"
  | "unavailable"
  | "generic";

export type Wording = { word: RefusalWord; values?: { minimum?: number; maximum?: number } };

const BY_TYPE: Partial<Record<string, RefusalWord>> = {
  not_found: "notFound",
  forbidden: "forbidden",
  plan_limit_exceeded: "planLimit",
  rate_limited: "rateLimited",
  transient_failure: "unavailable",
};

/** The field a param names, without its list positions: `working_hours.3.end_minute` is `end_minute`. */
function leafOf(param: string | undefined): string {
  return (
    (param ?? "")
      .split(".")
      .filter((segment) => !/^\d+$/.test(segment))
      .at(-1) ?? ""
  );
}

/** What the field itself asks for, whatever the finding: its format, said once for every way of missing it. */
function byField(leaf: string, fromSchema: boolean): RefusalWord | null {
  if (leaf.endsWith("email")) return "email";
  if (leaf.endsWith("phone")) return "phone";
  if (leaf === "allowed_origins") return "origin";
  // A schema refuses an address's form; a rule refuses the address itself (the URL policy, a feed that cannot be read).
  if (/(^|_)url$/.test(leaf)) return fromSchema ? "url" : "address";
  if (leaf.endsWith("color")) return "color";
  if (leaf === "slug") return "slug";
  // An amount is typed in the currency's units and sent in cents: "45.50", never "4550".
  if (leaf.endsWith("_cents") && fromSchema) return "amount";
  if (fromSchema) return null;
  if (leaf === "end_minute" || leaf === "ends_at" || leaf === "to") return "endAfterStart";
  if (leaf === "working_hours") return "overlap";
  if (leaf === "staff_ids" || leaf === "category_id" || leaf === "service_ids") return "gone";
  return null;
}

/** What the schema found, in words for any field. */
function byIssue(issue: ValidationIssue): Wording | null {
  const { code, origin, format, minimum, maximum } = issue;
  if (code === "too_small" && origin === "string") return minimum === 1 ? { word: "required" } : { word: "tooShort", values: { minimum } };
  if (code === "too_small" && origin === "array") return { word: "atLeast", values: { minimum } };
  if (code === "too_small") return { word: "tooSmall", values: { minimum } };
  if (code === "too_big" && origin === "string") return { word: "tooLong", values: { maximum } };
  if (code === "too_big" && origin === "array") return { word: "atMost", values: { maximum } };
  if (code === "too_big") return { word: "tooBig", values: { maximum } };
  if (code === "invalid_value") return { word: "choice" };
  if (code === "not_multiple_of" || (code === "invalid_type" && (origin === "number" || origin === "int"))) return { word: "number" };
  if (code === "invalid_format" && format === "email") return { word: "email" };
  if (code === "invalid_format" && format === "url") return { word: "url" };
  if (code === "invalid_format" && format === "datetime") return { word: "dateTime" };
  return null;
}

/** The console's words for a refusal (pure: the page's language chooses the text, not the words). */
export function refusalWording(refusal: RawRefusal): Wording {
  const leaf = leafOf(refusal.param);
  if (refusal.error === "conflict") {
    if (leaf === "email") return { word: "memberExists" };
    if (leaf === "slug") return { word: "slugTaken" };
    if (refusal.param?.startsWith("member.")) return { word: "lastOwner" };
    return { word: "generic" };
  }
  if (refusal.error !== "validation_failed") return { word: BY_TYPE[refusal.error] ?? "generic" };
  const issue = refusal.issue;
  // Length and presence say more than the format: "required" beats "enter an email address" for an empty field.
  const length = issue && (issue.code === "too_big" || issue.code === "too_small") && issue.origin === "string" ? byIssue(issue) : null;
  if (length) return length;
  const field = byField(leaf, issue !== undefined);
  if (field) return { word: field };
  return (issue ? byIssue(issue) : null) ?? { word: "generic" };
}
