import { IANAZone } from "luxon";
import { z } from "zod";
import { SLOT_UNAVAILABLE_CAUSES } from "@/lib/errors";
import { canonicalLocale } from "@/lib/i18n/customer-locale";
import { LOCALES } from "@/lib/i18n/locales";
import { INSTANT_RANGE, isWithinInstantRange, parseInstant } from "@/lib/time/zoned";

/**
 * Validation primitives shared by every domain's schemas. Domain shapes live in
 * lib/<domain>/schemas.ts and are built from these.
 */
export const Uuid = z.uuid();

/**
 * The one type of every date-time a request carries: RFC 3339 with an explicit offset (Z or
 * ±hh:mm), at an instant in INSTANT_RANGE (docs/decisions.md#every-request-answered-by-our-code); else 422 naming the field. The
 * bounds are in the document as x-formatMinimum / x-formatExclusiveMaximum: extensions, because
 * generators (openapi-typescript) and linters (Redocly) refuse ajv-formats' bare keywords; the
 * e2e fuzz reads them back as those keywords to enforce them.
 */
export const DateTimeInput = z.iso
  .datetime({ offset: true })
  .refine((value) => isWithinInstantRange(parseInstant(value)), {
    message: `must lie in [${INSTANT_RANGE.from}, ${INSTANT_RANGE.until})`,
    // Only a well-formed date-time has an instant to compare.
    when: (payload) => payload.issues.length === 0,
  })
  .meta({
    format: "date-time",
    description: `RFC 3339 with an offset, in [${INSTANT_RANGE.from}, ${INSTANT_RANGE.until}).`,
    "x-formatMinimum": INSTANT_RANGE.from,
    "x-formatExclusiveMaximum": INSTANT_RANGE.until,
  });
/** Every instant the API writes: RFC 3339 with a four-digit year (lib/time/zoned.ts writes them). */
export const DateTimeOutput = z.string().meta({ format: "date-time" });

/** Letters first, then name characters and `/` (`Etc/GMT+2` is a name; `+02:00` and `-0500` are offsets). */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * An IANA zone name, stored in its canonical spelling (`europe/paris` → `Europe/Paris`). ICU
 * still resolves some current names to their legacy links (`Asia/Kolkata` → `Asia/Calcutta`),
 * so the resolved name is used only when it differs from the input by letter case alone.
 */
export const IanaTimezone = z
  .string()
  .max(64)
  // A name, never an offset: Node 22 and later accept "+02:00" as a time zone, which would
  // freeze a business's clock at one offset through every daylight-saving change.
  .refine((zone) => IANA_NAME.test(zone) && IANAZone.isValidZone(zone), "must be an IANA time zone such as Europe/Paris")
  .transform((zone) => {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
  })
  .meta({ example: "Europe/Paris" });

export const HttpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .meta({ format: "uri", example: "https://example.com" });

export const Email = z.email().max(254).meta({ example: "ada@example.com" });

/** E.164: a plus sign and 8 to 15 digits, the first not zero. */
export const E164Phone = z
  .string()
  .regex(/^\+[1-9]\d{7,14}$/, "must be an E.164 phone number such as +14155550123")
  .meta({ example: "+14155550123" });

export const PlainText = (max: number) => z.string().max(max);

/**
 * `value` narrowed to the fields `schema` declares, in the schema's order: how a view derived
 * with `.pick`/`.extend` is serialized from the one fuller serialization of its record.
 */
export function pickDeclared<S extends z.ZodObject>(schema: S, value: z.output<S> & Record<string, unknown>): z.output<S> {
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, value[key]])) as z.output<S>;
}

export const ListEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

export const DeletedResponse = z.object({ id: Uuid, deleted: z.literal(true) }).meta({ id: "Deleted" });

export const ErrorEnvelope = z
  .object({
    error: z.object({
      type: z.string().meta({ description: "Stable code; match on this." }),
      message: z.string().meta({ description: "For people; do not match on it." }),
      param: z.string().optional().meta({ description: "The one field a 422 names (dotted path)." }),
      dimension: z.enum(["bookings", "staff", "workspaces"]).optional(),
      used: z.number().int().optional(),
      limit: z.number().int().optional(),
      unavailable: z
        .array(z.string())
        .optional()
        .meta({ description: "slot_unavailable for a series (`repeat`): the occurrences' starts that cannot be booked; nothing was booked." }),
      reason: z.enum(SLOT_UNAVAILABLE_CAUSES).optional().meta({
        description:
          "slot_unavailable for one time: why it went. booked: a booking or busy time took it; closed: the business is unavailable then (time off); full: the last seat of a group session went.",
      }),
    }),
  })
  .meta({ id: "Error" });

/** The list routes' page query (`limit`, `cursor`); lib/db/pagination turns a page into its query. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** `limit`: default 50, at most 200; a non-positive or unreadable value falls back to 50. */
export const PageLimit = z
  .unknown()
  .transform((raw) => {
    const value = typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value <= 0) return DEFAULT_PAGE_SIZE;
    return Math.min(value, MAX_PAGE_SIZE);
  })
  .meta({ type: "integer", description: "Page size: default 50, max 200; a non-positive or invalid value gives 50." });

export const PageCursor = z.string().max(512).optional().meta({ description: "The previous page's next_cursor." });

export const PageQuery = z.object({ limit: PageLimit.optional(), cursor: PageCursor });

/** docs/decisions.md#languages: a customer's own BCP 47 locale, validated and stored canonical (`en-us` → `en-US`). */
export const CustomerLocale = z
  .string()
  .max(35)
  .refine((tag) => canonicalLocale(tag) !== null, { message: "Expected a BCP 47 language tag such as en-US." })
  .transform((tag) => canonicalLocale(tag) ?? tag)
  .meta({
    type: "string",
    description:
      "The customer's BCP 47 locale (the hosted pages send the browser's, e.g. en-US or pt-BR), stored canonical. Messages format dates and times with its region (9:45 AM for en-US, 09:45 for en-GB) while their language stays customer.language. Absent: the language's own conventions.",
    example: "en-US",
  });

/** docs/decisions.md#languages: a language customers are served in (pages, emails, SMS, reminders). */
export const Language = z.enum(LOCALES).meta({
  id: "Language",
  description: "ISO 639-1 code of a supported language: en, es, fr, de, pt or ar (right to left).",
  example: "es",
});
