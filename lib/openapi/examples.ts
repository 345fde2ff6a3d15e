import { sample } from "openapi-sampler";
import type { oas31 } from "zod-openapi";

type MediaType = { schema?: unknown; example?: unknown; examples?: unknown };

/**
 * Gives every request and response body an example: one written beside the operation wins,
 * else a sample built from the schema (its field examples, formats and enums), so the reference
 * and generated clients show a realistic body for every operation. tests/api/openapi.test.ts
 * checks each example against the operation's own zod schema.
 */
export function addExamples(document: oas31.OpenAPIObject): oas31.OpenAPIObject {
  const fill = (content: Record<string, MediaType> | undefined, direction: "request" | "response") => {
    for (const media of Object.values(content ?? {})) {
      if (media.example !== undefined || media.examples !== undefined || !media.schema) continue;
      media.example = tidy(
        sample(media.schema as object, { skipReadOnly: direction === "request", skipWriteOnly: direction === "response", quiet: true }, document),
      );
    }
  };
  for (const item of [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})] as Record<string, oas31.OperationObject>[]) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== "object" || !operation || !("responses" in operation)) continue;
      const body = operation.requestBody as { content?: Record<string, MediaType> } | undefined;
      fill(body?.content, "request");
      for (const response of Object.values(operation.responses ?? {}) as { content?: Record<string, MediaType> }[]) fill(response.content, "response");
    }
  }
  return document;
}

/**
 * zod writes every unbounded integer with the safe-integer bounds, and the sampler picks the
 * lower one (-9007199254740991); 0 lies inside those bounds and reads as an example.
 */
function tidy(value: unknown): unknown {
  if (typeof value === "number" && Math.abs(value) === Number.MAX_SAFE_INTEGER) return 0;
  if (Array.isArray(value)) return value.map(tidy);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, tidy(item)]));
  return value;
}
