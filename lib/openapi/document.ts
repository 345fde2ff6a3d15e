import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { ErrorEnvelope } from "@/lib/schemas";
import { INSTANT_RANGE } from "@/lib/time/zoned";
import { buildErrorResponses } from "./errors";
import { addExamples } from "./examples";
import { ETAG_HEADER, HEADER_COMPONENTS, IDEMPOTENT_REPLAYED_HEADER, IdempotencyKeyHeader, IfNoneMatchHeader, REQUEST_ID_HEADER } from "./headers";
import type { AuthKind, Operation } from "./operation";
import { describeParameters } from "./parameters";
import { ALL_OPERATIONS } from "./operations";
import { buildWebhooks } from "./webhooks";

const SECURITY: Record<AuthKind, Record<string, string[]>[]> = {
  sk: [{ secretKey: [] }],
  sk_pk: [{ secretKey: [] }, { publishableKey: [] }],
  ak: [{ accountKey: [] }],
  public: [],
};

/** Tag order is the order a new integrator meets them (the quickstart's). */
const TAGS = [
  { name: "Account", description: "Account keys (ak_) create workspaces, mint their keys, read plan usage and manage the members who sign in to the console." },
  { name: "Workspace", description: "The workspace's settings and usage, with its secret key (sk_)." },
  { name: "Staff", description: "Calendars: people or resources that take bookings, with working hours, time off and calendar feeds." },
  {
    name: "External calendars",
    description:
      "A calendar's other calendars (Google, Outlook, iCloud, Fastmail, Nextcloud …) read for busy times, so customers are never offered a time the person is busy; and what makes a time busy. Guide: [external calendars](/docs/external-calendars).",
  },
  { name: "Services", description: "What customers book: duration, buffers, price and payment mode, rules, and which calendars offer it." },
  { name: "Categories", description: "Groups of services on the booking page." },
  { name: "Questions", description: "Extra fields a customer answers when booking." },
  { name: "Availability", description: "Open slots of a service, exact at the moment they are read." },
  { name: "Bookings", description: "Create, confirm, move, cancel and list bookings." },
  { name: "Waitlist", description: "Lines for full class sessions: a freed seat is held for the first in line and booked from the offer email." },
  { name: "Customers", description: "The people who booked, one per email, with their bookings count." },
  { name: "Audit log", description: "Who changed what: every write made with a secret key or in the console." },
  { name: "Webhooks", description: "Endpoints that receive booking events, their signing secrets and their delivery history." },
  {
    name: "Messages",
    description: "The emails and SMS sent to customers and the business: whether each was sent, its attempts and the provider's last refusal.",
  },
  { name: "API keys", description: "The workspace's keys: names, allowed origins of publishable keys, revocation." },
  { name: "Public", description: "Keyless reads for the hosted booking page (the slug is the credential)." },
  { name: "Customer links", description: "The customer's manage link: read, cancel, move, extend a hold (the token is the credential)." },
  { name: "Webhook events", description: "What we POST to your webhook endpoints, signed with Booking-Signature." },
];

const DESCRIPTION = [
  "The appointment booking API: workspaces, calendars, services, availability, bookings and signed webhooks.",
  "Guides: [quickstart](/docs/quickstart), [webhooks](/docs/webhooks), [embedding](/docs/embedding), [classes and group sessions](/docs/group-sessions), [test mode](/docs/test-mode), [errors](/docs/errors).",
  "",
  "Bodies are JSON; identifiers are UUIDs; money is integer cents; booking times carry the workspace's offset, other instants are UTC.",
  "Unknown body and query fields are ignored. Errors use one envelope, `{error: {type, message, param?}}`: match on `type`;",
  "each error response lists the types it can carry. Lists are newest first with an opaque cursor (`next_cursor`, null on the last page).",
  "POST /v1/bookings honours `Idempotency-Key` (24 hours, per workspace). Every answer of an operation carries a `Request-Id` header.",
  "Reminders are a workspace setting (PATCH /v1/workspace, reminders); each calendar can publish a secret iCalendar feed (PUT /v1/staff/{id}/calendar-feed), served at GET /feeds/{token}.ics outside /v1.",
  "",
  "Every request under /v1 is answered in that envelope, whatever its method or path bytes: a path that names nothing or does not decode",
  "(bad percent-encoding, invalid UTF-8, an empty segment such as //, a dot segment such as ..) is 404 not_found (components.responses.NotFound);",
  "a method a path does not serve, TRACE, CONNECT and unknown methods included, is 405 method_not_allowed with an Allow header",
  "listing the path's methods (components.responses.MethodNotAllowed); OPTIONS is answered 204 with Allow (and CORS headers on the browser routes);",
  "nothing is redirected (a trailing slash is answered as the path without it).",
  `Every date-time a request carries is RFC 3339 with an offset and must lie in [${INSTANT_RANGE.from}, ${INSTANT_RANGE.until})`,
  "(x-formatMinimum / x-formatExclusiveMaximum in the schemas), else 422 validation_failed naming the field.",
  "Every date-time the API writes is RFC 3339 with a four-digit year; where a zone's offset on that instant is not whole minutes",
  "(local mean time, e.g. Africa/Monrovia before 1972), the instant is written in UTC.",
].join("\n");

function toOpenApiOperation(operation: Operation): ZodOpenApiOperationObject {
  const success: oas31.HeadersObject = {
    ...REQUEST_ID_HEADER,
    ...(operation.idempotent ? IDEMPOTENT_REPLAYED_HEADER : {}),
    ...(operation.conditional ? ETAG_HEADER : {}),
  };
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.tag],
    security: SECURITY[operation.auth],
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
      ...(operation.idempotent ? { header: IdempotencyKeyHeader } : {}),
      ...(operation.conditional ? { header: IfNoneMatchHeader } : {}),
    },
    // The wrapper reads an empty body as {}: a body whose fields are all optional may be omitted.
    ...(operation.body
      ? { requestBody: { required: !operation.body.safeParse({}).success, content: { "application/json": { schema: operation.body } } } }
      : {}),
    responses: {
      [String(operation.response.status)]: {
        description: operation.response.description ?? operation.summary,
        headers: success,
        content: { "application/json": { schema: operation.response.schema } },
      },
      ...(operation.conditional
        ? {
            "304": {
              description: "Not Modified: the answer is still the one whose ETag the request sent in If-None-Match. No body.",
              headers: { ...REQUEST_ID_HEADER, ...ETAG_HEADER },
            },
          }
        : {}),
      ...buildErrorResponses(operation, REQUEST_ID_HEADER),
    },
  };
}

/** The document the app serves at /v1/openapi.json; `serverUrl` is APP_URL, so "try it" and generated clients reach this server. */
export function buildOpenApiDocument(options: { serverUrl?: string; operations?: Operation[] } = {}) {
  const operations = options.operations ?? ALL_OPERATIONS;
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method.toLowerCase()]: toOpenApiOperation(operation) };
  }
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Appointment Booking API",
      version: "1",
      description: DESCRIPTION,
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: options.serverUrl ?? "http://localhost:3000", description: "This server (APP_URL)" }],
    tags: TAGS.filter((tag) => tag.name === "Webhook events" || operations.some((operation) => operation.tag === tag.name)),
    components: {
      headers: HEADER_COMPONENTS,
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
    webhooks: buildWebhooks(),
  });
  return addExamples(describeParameters(document));
}
