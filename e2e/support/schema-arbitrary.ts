import fc from "fast-check";
import { INSTANT_EDGES, MALFORMED_DATE_TIMES } from "../../tests/helpers/date-time-edges";

/**
 * fast-check arbitraries from the JSON Schemas of the served OpenAPI document: values that
 * mostly satisfy a schema (so requests get past validation and reach the domain), plus the
 * date-time edges of docs/decisions.md#every-request-answered-by-our-code wherever a schema asks for a date-time. The fuzz mixes in
 * the invalid ones itself.
 */
export type JsonSchema = { [key: string]: any };

export type Known = {
  /** Ids that name something real, for uuid fields (service_id, staff_id, …). */
  uuids: string[];
  /** Instants the API will likely accept (open slots), for date-time fields. */
  instants: string[];
};

/** Instants around and outside [1970-01-01, 2200-01-01), well-formed or not. */
export const DATE_EDGES: readonly string[] = [...INSTANT_EDGES, ...MALFORMED_DATE_TIMES];

const HALF_HOUR_MS = 30 * 60_000;

export function dateTimeArbitrary(known: Known): fc.Arbitrary<string> {
  const now = Date.now();
  // Half-hour starts near now: often open slots, and from/to pairs that make a valid range.
  const near = fc
    .integer({ min: -48, max: 24 * 20 })
    .map((halfHours) => new Date(Math.ceil(now / HALF_HOUR_MS) * HALF_HOUR_MS + halfHours * HALF_HOUR_MS).toISOString());
  const anywhere = fc
    .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2199-12-31T23:59:59Z"), noInvalidDate: true })
    .map((date) => date.toISOString());
  return fc.oneof(
    { weight: 3, arbitrary: known.instants.length > 0 ? fc.constantFrom(...known.instants) : near },
    { weight: 3, arbitrary: near },
    { weight: 1, arbitrary: anywhere },
    { weight: 2, arbitrary: fc.constantFrom(...DATE_EDGES) },
  );
}

export class SchemaArbitraries {
  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly known: Known,
  ) {}

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    while (typeof current.$ref === "string") current = this.components[current.$ref.split("/").pop()!] ?? {};
    return current;
  }

  valueFor(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if (depth > 6) return fc.constant(null);
    if ("const" in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (union) return fc.oneof(...union.map((member) => this.valueFor(member, depth + 1)));
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return this.valueFor(schema.allOf[0], depth + 1);
    const type = schema.type as string | string[] | undefined;
    if (Array.isArray(type)) return fc.oneof(...type.map((one) => this.valueFor({ ...schema, type: one }, depth)));
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer": {
        const min = bound(schema.minimum, schema.exclusiveMinimum, 1, -1_000);
        return fc.integer({ min, max: Math.max(min, bound(schema.maximum, schema.exclusiveMaximum, -1, 100_000)) });
      }
      case "number":
        return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 100_000, noNaN: true, noDefaultInfinity: true });
      case "string":
        return this.stringFor(schema);
      case "array":
        return fc.array(this.valueFor(schema.items ?? {}, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
      case "object":
        return this.objectFor(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, this.valueFor(property, depth + 1)]));
    const requiredKeys = ((schema.required ?? []) as string[]).filter((name) => name in model);
    return fc.record(model, { requiredKeys });
  }

  private stringFor(schema: JsonSchema): fc.Arbitrary<string> {
    switch (schema.format) {
      case "date-time":
        return dateTimeArbitrary(this.known);
      case "uuid":
        return fc.oneof(
          { weight: 4, arbitrary: this.known.uuids.length > 0 ? fc.constantFrom(...this.known.uuids) : fc.uuid() },
          { weight: 1, arbitrary: fc.uuid() },
        );
      case "email":
        return fc.constantFrom("ada@example.com", "grace.hopper@customer.example", "o'brien+tag@sub.example.org");
      case "uri":
        return fc.constantFrom("https://example.com", "https://harbour-hair.example/terms", "http://localhost:9/hook");
      case "date":
        return fc.constantFrom("2026-01-01", "1970-01-01", "2199-12-31");
    }
    if (schema.example !== undefined && typeof schema.example === "string") return fc.constant(schema.example);
    if (typeof schema.pattern === "string") {
      try {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= (schema.maxLength ?? 200));
      } catch {
        // A pattern fast-check cannot generate from: plain strings below.
      }
    }
    const maxLength = Math.min(schema.maxLength ?? 40, 40);
    return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
  }
}

function bound(inclusive: number | undefined, exclusive: number | undefined, step: number, fallback: number): number {
  if (typeof exclusive === "number") return exclusive + step;
  if (typeof inclusive === "number") return inclusive;
  return fallback;
}
