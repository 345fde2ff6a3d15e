import { z } from "zod";
import type { oas31 } from "zod-openapi";

/**
 * Headers of the HTTP kernel (lib/http/route.ts, lib/http/idempotency.ts), declared once so
 * every operation's document says what it sends and returns.
 */
export const IdempotencyKeyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        "Any 1–255 character string you choose per intended write (a UUID is a good one); send the same key again when an answer was lost. " +
        "The key is recorded in the same transaction as the work, so within 24 hours a repeat with the same body either replays the first 2xx " +
        "(Idempotent-Replayed: true; also after a crash of the server between the work and its answer) or, when the first attempt never committed, " +
        "runs as if it were the first. A repeat sent while the first is still running waits for it and replays it. Another body gives " +
        "422 idempotency_mismatch. Errors are not kept: a refused request may be sent again with the same key.",
      example: "0d9c4a1e-booking-for-ada",
    }),
});

export const IfNoneMatchHeader = z.object({
  "If-None-Match": z.string().optional().meta({
    description: "The ETag of an answer you kept: while the answer is still the same, it is 304 Not Modified with no body.",
    example: '"hY3k0bW9zdC1yZWNlbnQtYW5zd2VyLXRhZw"',
  }),
});

/** Declared once under components.headers; every response refers to them. */
export const HEADER_COMPONENTS = {
  RequestId: {
    description: "This request's id (req_…); quote it when reporting a problem: errors are logged with it.",
    schema: { type: "string", example: "req_4f6c2d1e9a8b47c3b2a1d0e9f8c7b6a5" },
  },
  ETag: {
    description:
      "A strong tag of this answer's bytes, the same from every instance while the answer is the same; send it back in If-None-Match to get 304 Not Modified instead of the bytes.",
    schema: { type: "string" },
  },
  IdempotentReplayed: {
    description: "Present (true) when this answer is a replay of the first request with the same Idempotency-Key; absent on a first answer.",
    schema: { type: "string", enum: ["true"] },
  },
} satisfies oas31.HeadersObject;

export const REQUEST_ID_HEADER = { "Request-Id": { $ref: "#/components/headers/RequestId" } } satisfies oas31.HeadersObject;
export const IDEMPOTENT_REPLAYED_HEADER = { "Idempotent-Replayed": { $ref: "#/components/headers/IdempotentReplayed" } } satisfies oas31.HeadersObject;
export const ETAG_HEADER = { ETag: { $ref: "#/components/headers/ETag" } } satisfies oas31.HeadersObject;
