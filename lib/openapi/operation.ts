import type { z } from "zod";
import type { ErrorType } from "@/lib/errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call an operation:
 * - `sk`: secret keys only; `sk_pk`: secret or publishable keys (the three browser routes);
 * - `ak`: account keys (the /v1/account routes);
 * - `public`: no key, the path slug or token is the credential.
 */
export type AuthKind = "sk" | "sk_pk" | "ak" | "public";

/** The publishable-key and keyless limits of the spec's rate-limit table. */
export type RateLimitRule = "availability" | "booking_create" | "booking_verify" | "booking_resend_code" | "public";

type AnyObject = z.ZodObject<z.ZodRawShape>;

/**
 * One API operation: the single source for request validation (the route wrapper parses
 * with these schemas), the TypeScript types of handlers, and the OpenAPI document.
 */
export type Operation = {
  id: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/v1/bookings/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: AuthKind;
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  response: { status: 200 | 201; schema: z.ZodType; description?: string };
  /** Error types this operation can answer beyond the ones its auth kind implies. */
  errors: readonly ErrorType[];
  rateLimit?: RateLimitRule;
  /** Honours the Idempotency-Key header. */
  idempotent?: boolean;
  /** Answers with a strong ETag and honours If-None-Match (304 Not Modified). */
  conditional?: boolean;
};

export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
export type ParamsOf<O extends Operation> = Output<O["params"]>;
export type QueryOf<O extends Operation> = Output<O["query"]>;
export type BodyOf<O extends Operation> = Output<O["body"]>;
export type ResponseOf<O extends Operation> = z.input<O["response"]["schema"]>;
