import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { ERROR_TYPES, type ErrorType } from "@/lib/errors";
import { HTTP_STATUS_BY_ERROR_TYPE } from "@/lib/openapi/status";
import { INSTANT_RANGE } from "@/lib/time/zoned";
import { ErrorEnvelope } from "@/lib/schemas";
import type { AuthKind, Operation } from "./operation";
import { ALL_OPERATIONS } from "./operations";

/** Errors every operation of an auth kind can answer, besides its own. */
const ERRORS_BY_AUTH: Record<AuthKind, ErrorType[]> = {
  sk: ["unauthorized", "secret_key_required", "forbidden"],
  sk_pk: ["unauthorized", "origin_not_allowed", "forbidden", "rate_limited"],
  ak: ["unauthorized", "secret_key_required", "forbidden"],
  public: [],
};
const ALWAYS: ErrorType[] = ["internal_error", "transient_failure"];

const SECURITY: Record<AuthKind, Record<string, string[]>[]> = {
  sk: [{ secretKey: [] }],
  sk_pk: [{ secretKey: [] }, { publishableKey: [] }],
  ak: [{ accountKey: [] }],
  public: [],
};

function errorResponses(operation: Operation) {
  const types = new Set<ErrorType>([...ERRORS_BY_AUTH[operation.auth], ...operation.errors, ...ALWAYS]);
  if (operation.params) types.add("not_found");
  if (operation.body || operation.query) types.add("validation_failed");
  if (operation.body) types.add("payload_too_large");
  if (operation.rateLimit) types.add("rate_limited");
  const byStatus = new Map<number, ErrorType[]>();
  for (const type of ERROR_TYPES.filter((t) => types.has(t))) {
    const status = HTTP_STATUS_BY_ERROR_TYPE[type];
    byStatus.set(status, [...(byStatus.get(status) ?? []), type]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      { description: `Error types: ${list.join(", ")}.`, content: { "application/json": { schema: ErrorEnvelope } } },
    ]),
  );
}

function toOpenApiOperation(operation: Operation): ZodOpenApiOperationObject {
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.tag],
    security: SECURITY[operation.auth],
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
    },
    ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: operation.body } } } } : {}),
    responses: {
      [String(operation.response.status)]: {
        description: operation.response.description ?? operation.summary,
        content: { "application/json": { schema: operation.response.schema } },
      },
      ...errorResponses(operation),
    },
  };
}

export function buildOpenApiDocument(operations: Operation[] = ALL_OPERATIONS) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method.toLowerCase()]: toOpenApiOperation(operation) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Appointment Booking API",
      version: "1",
      description: [
        "Bodies are JSON; identifiers are UUIDs; money is integer cents; booking times carry the workspace's offset, other instants are UTC.",
        "Unknown body and query fields are ignored. Errors use one envelope: {error: {type, message, param?}}; match on type.",
        "Lists are newest first with an opaque cursor. POST /v1/bookings honours Idempotency-Key (24 hours, per workspace).",
        "Reminders are a workspace setting (PATCH /v1/workspace, reminders); each calendar can publish a secret iCalendar feed (PUT /v1/staff/{id}/calendar-feed), served at GET /feeds/{token}.ics outside /v1.",
        "Every request under /v1 is answered in that envelope, whatever its method or path bytes: a path that names nothing or does not decode",
        "(bad percent-encoding, invalid UTF-8, an empty segment such as //, a dot segment such as ..) is 404 not_found (components.responses.NotFound);",
        "a method a path does not serve, TRACE, CONNECT and unknown methods included, is 405 method_not_allowed with an Allow header",
        "listing the path's methods (components.responses.MethodNotAllowed); OPTIONS is answered 204 with Allow (and CORS headers on the browser routes);",
        "nothing is redirected (a trailing slash is answered as the path without it).",
        `Every date-time a request carries is RFC 3339 with an offset and must lie in [${INSTANT_RANGE.from}, ${INSTANT_RANGE.until})`,
        "(formatMinimum / formatExclusiveMaximum in the schemas), else 422 validation_failed naming the field.",
        "Every date-time the API writes is RFC 3339 with a four-digit year; where a zone's offset on that instant is not whole minutes",
        "(local mean time, e.g. Africa/Monrovia before 1972), the instant is written in UTC.",
      ].join(" "),
    },
    components: {
      responses: {
        NotFound: {
          description: "A /v1 path that names nothing or does not decode, whatever the method: not_found.",
          content: { "application/json": { schema: ErrorEnvelope } },
        },
        MethodNotAllowed: {
          description: "A method the path does not serve (TRACE, CONNECT and unknown methods included): method_not_allowed.",
          headers: { Allow: { description: "The methods the path serves, e.g. `GET, POST`.", schema: { type: "string" } } },
          content: { "application/json": { schema: ErrorEnvelope } },
        },
      },
      securitySchemes: {
        secretKey: { type: "http", scheme: "bearer", description: "sk_… secret key (servers only)" },
        publishableKey: { type: "http", scheme: "bearer", description: "pk_… publishable key (browsers; origin-checked, rate-limited)" },
        accountKey: { type: "http", scheme: "bearer", description: "ak_… account key (the /v1/account routes only)" },
      },
    },
    paths,
  });
}
