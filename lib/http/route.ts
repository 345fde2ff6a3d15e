import type { z } from "zod";
import type { AvailabilityRevision } from "@/lib/availability/revision";
import { getConfig } from "@/lib/config";
import { getDb, type Db } from "@/lib/db/client";
import {
  PG_CHARACTER_NOT_IN_REPERTOIRE,
  PG_DEADLOCK_DETECTED,
  PG_EXCLUSION_VIOLATION,
  PG_SERIALIZATION_FAILURE,
  isDatabaseUnavailable,
  readPgError,
} from "@/lib/db/errors";
import { isSessionFull } from "@/lib/bookings/sessions";
import { DomainError, notFound, slotUnavailable, validationFailed, type ValidationIssue } from "@/lib/errors";
import type { BodyOf, HttpMethod, Operation, ParamsOf, QueryOf, ResponseOf } from "@/lib/openapi/operation";
import {
  newRequestId,
  type AccountContext as AccountServiceContext,
  type KeyActor,
  type PublicContext as PublicServiceContext,
  type ServiceContext,
} from "@/lib/context";
import { authenticate } from "./auth";
import { newAuditRecorder, type AuditRecorder } from "@/lib/audit/audit-recorder";
import { recordKeyWrite } from "@/lib/audit/record-audit-event";
import { parseJson, readRawBody } from "./body";
import { errorResponse, INTERNAL_ERROR, type KeyType } from "./envelope";
import { readIdempotencyKey, withIdempotency } from "./idempotency";
import { clientIp } from "./client-ip";
import { chargeRateLimit } from "./rate-limit";
import { jsonResponse } from "./json";
import { logError, requestLogRecord } from "@/lib/log/logger";

/** The domain's contexts (lib/context.ts) plus what only the transport knows: the client's IP. */
type HttpOnly = { ip: string };
/** `availabilityRevision`: read by the authentication statement, before any data (lib/availability/answer-cache.ts). */
export type WorkspaceContext = ServiceContext<KeyActor> & HttpOnly & { availabilityRevision: AvailabilityRevision };
export type AccountContext = AccountServiceContext & HttpOnly;
export type PublicContext = PublicServiceContext & HttpOnly;

type ContextOf<O extends Operation> = O["auth"] extends "ak" ? AccountContext : O["auth"] extends "public" ? PublicContext : WorkspaceContext;

export type RouteInput<O extends Operation> = {
  ctx: ContextOf<O>;
  params: ParamsOf<O>;
  query: QueryOf<O>;
  body: BodyOf<O>;
  request: Request;
};

export type Handler<O extends Operation> = (input: RouteInput<O>) => Promise<ResponseOf<O> | Response>;

/**
 * An operation that takes an Idempotency-Key answers a repeat whose first attempt committed but
 * died before its answer was stored: from the record that work wrote or changed (its id).
 */
export type Resume<O extends Operation> = (input: Omit<RouteInput<O>, "body" | "query" | "request"> & { resourceId: string }) => Promise<ResponseOf<O>>;

/** What Next.js calls: the second argument carries the (Promise of) dynamic path params. */
export type RouteHandler = ((request: Request, context: { params: Promise<unknown> }) => Promise<Response>) & {
  operation?: Operation;
};

const BROWSER_AUTH = new Set(["sk_pk", "public"]);

/**
 * The one way to write a route handler: authenticate, rate-limit, parse params, query and
 * body with the operation's zod schemas, honour Idempotency-Key, run the domain verb, and
 * turn every throw into the spec's envelope.
 */
export function route<O extends Operation>(operation: O, handler: Handler<O>, options: { resume?: Resume<O> } = {}): RouteHandler {
  const { resume } = options;
  if (operation.idempotent && !resume) throw new Error(`route(${operation.id}): an idempotent operation needs resume`);
  const handle: RouteHandler = async (request, context) => {
    const requestId = newRequestId("req");
    const headers = new Headers({ "Request-Id": requestId, "Cache-Control": "no-store" });
    const logRecord = requestLogRecord();
    if (logRecord) Object.assign(logRecord, { route: operation.path, request_id: requestId });
    if (BROWSER_AUTH.has(operation.auth)) addCorsHeaders(request, headers);
    let keyType: KeyType = "none";
    try {
      const db = await getDb();
      const authenticated = await authenticate(db, request, operation.auth);
      const { clock } = authenticated;
      keyType = authenticated.actor.type === "public" ? "none" : authenticated.actor.type;
      if (logRecord && authenticated.kind === "workspace") logRecord.workspace_id = authenticated.workspace.id;
      const ip = clientIp(request, getConfig().trustProxy);
      await applyRateLimit(db, operation, authenticated.actor, ip, clock.now());

      const params = parsePathParams(operation, await context.params);
      const query = parseWith(operation.query, readQuery(new URL(request.url).searchParams));
      const rawBody = operation.body ? await readRawBody(request) : "";
      const body = operation.body ? parseWith(operation.body, parseJson(rawBody)) : undefined;

      const { actor: _actor, kind: _kind, clock: _clock, ...scope } = authenticated as Record<string, unknown>;
      // The write's audit row rides on the context into the verb's transaction (docs/console.md#audit-log).
      const audit = keyWriteRecorder(db, operation, { actor: authenticated.actor, clock }, params);
      const ctx = { db, clock, requestId, ip, actor: authenticated.actor, ...scope, ...(audit ? { audit } : {}) } as ContextOf<O>;
      const run = async () => toStored(await handler({ ctx, params, query, body, request } as RouteInput<O>), operation);

      const idempotencyKey = operation.idempotent ? readIdempotencyKey(request) : undefined;
      if (idempotencyKey !== undefined && authenticated.kind === "workspace") {
        const fingerprint = `${operation.method} ${new URL(request.url).pathname}\n${rawBody}`;
        const result = await withIdempotency(
          db,
          { workspaceId: authenticated.workspace.id, key: idempotencyKey, fingerprint, now: clock.now() },
          {
            // The recorder rides on the context into the verb's transaction (lib/db/transaction.ts).
            execute: async (recorder) => {
              const recording = { ...ctx, idempotency: recorder } as ContextOf<O>;
              const answer = toStored(await handler({ ctx: recording, params, query, body, request } as RouteInput<O>), operation);
              if (answer instanceof Response) throw new Error(`route(${operation.id}): an idempotent operation answers JSON`);
              return answer;
            },
            resume: async (resourceId) => ({ status: operation.response.status, body: await resume!({ ctx, params, resourceId } as Parameters<Resume<O>>[0]) }),
          },
        );
        if (result.replayed) headers.set("Idempotent-Replayed", "true");
        else await auditKeyWrite(db, audit, params, result);
        return jsonResponse(result.body, { status: result.status, headers });
      }
      const result = await run();
      await auditKeyWrite(db, audit, params, result);
      if (result instanceof Response) return withHeaders(result, headers);
      return jsonResponse(result.body, { status: result.status, headers });
    } catch (error) {
      return toErrorResponse(error, keyType, headers, requestId);
    }
  };
  handle.operation = operation;
  return handle;
}

type Stored = { status: number; body: unknown };

/**
 * Every successful write made with a secret key lands in the audit log (docs/console.md#audit-log):
 * its target is the path's first resource and the id in the path, else the id it answered. With
 * an id in the path the row is written by the verb's own transaction, so it commits with the
 * write; a create's row (its id is in the answer) is written after it.
 */
function keyWriteRecorder(
  db: Db,
  operation: Operation,
  ctx: { actor: { type: string; keyId?: string }; clock: { now(): Date } },
  params: unknown,
): AuditRecorder | null {
  const keyId = ctx.actor.keyId;
  if (operation.method === "GET" || ctx.actor.type !== "sk" || !keyId) return null;
  const pathId = (params as { id?: unknown } | undefined)?.id;
  const segment = operation.path.split("/")[2] ?? "";
  const targetType = segment === "staff" ? "calendar" : segment.replace(/ies$/, "y").replace(/s$/, "").replaceAll("-", "_");
  return newAuditRecorder({
    targetId: typeof pathId === "string" ? pathId : null,
    write: (into, targetId) => recordKeyWrite(into, { keyId, action: operation.id, targetType, targetId, now: ctx.clock.now() }),
  });
}

async function auditKeyWrite(db: Db, audit: AuditRecorder | null, params: unknown, result: Stored | Response) {
  if (!audit) return;
  if (result instanceof Response ? !result.ok : result.status >= 300) return;
  const pathId = (params as { id?: unknown } | undefined)?.id;
  const bodyId = result instanceof Response ? undefined : (result.body as { id?: unknown } | null)?.id;
  await audit.finish(db, typeof pathId === "string" ? pathId : typeof bodyId === "string" ? bodyId : null);
}

/** A query key sent once is a string; sent again (`status=a&status=b`), an array of its values. */
function readQuery(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

function toStored(result: unknown, operation: Operation): Stored | Response {
  if (result instanceof Response) return result;
  return { status: operation.response.status, body: result };
}

async function applyRateLimit(db: Db, operation: Operation, actor: { type: string; keyId?: string }, ip: string, now: Date) {
  const rule = operation.rateLimit;
  if (!rule) return;
  if (rule === "public") return chargeRateLimit(db, rule, [`ip:${ip}`], now);
  // Secret keys are never limited; a publishable key is charged per key and per IP.
  if (actor.type !== "pk" || !actor.keyId) return;
  return chargeRateLimit(db, rule, [`key:${actor.keyId}`, `ip:${ip}`], now);
}

/** A path segment that cannot name a record (a malformed id) is simply not found. */
function parsePathParams(operation: Operation, raw: unknown) {
  if (!operation.params) return undefined;
  const result = operation.params.safeParse(raw ?? {});
  if (!result.success) throw notFound(operation.tag.toLowerCase().replace(/s$/, ""));
  return result.data;
}

export function parseWith<S extends z.ZodType>(schema: S | undefined, value: unknown): z.output<S> {
  if (!schema) return undefined as z.output<S>;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = issue.path.length > 0 ? issue.path.map(String).join(".") : undefined;
  throw validationFailed(param, param ? `${param}: ${issue.message}` : issue.message, issueOf(issue));
}

function issueOf(issue: z.core.$ZodIssue): ValidationIssue {
  const found = issue as { code: string; origin?: unknown; format?: unknown; minimum?: unknown; maximum?: unknown; expected?: unknown };
  const bound = (value: unknown) => (typeof value === "number" ? value : typeof value === "bigint" ? Number(value) : undefined);
  const origin = typeof found.origin === "string" ? found.origin : typeof found.expected === "string" ? found.expected : undefined;
  return {
    code: found.code,
    ...(origin ? { origin } : {}),
    ...(typeof found.format === "string" ? { format: found.format } : {}),
    ...(bound(found.minimum) !== undefined ? { minimum: bound(found.minimum) } : {}),
    ...(bound(found.maximum) !== undefined ? { maximum: bound(found.maximum) } : {}),
  };
}

function toErrorResponse(error: unknown, keyType: KeyType, headers: Headers, requestId: string): Response {
  if (error instanceof DomainError) return errorResponse(error, keyType, headers);
  const pg = readPgError(error);
  if (pg?.code === PG_SERIALIZATION_FAILURE || pg?.code === PG_DEADLOCK_DETECTED) {
    return errorResponse(new DomainError("transient_failure", "Two writes contended. Retry the request."), keyType, headers);
  }
  if (pg?.code === PG_EXCLUSION_VIOLATION || isSessionFull(error))
    return errorResponse(slotUnavailable(isSessionFull(error) ? "full" : "booked"), keyType, headers);
  if (isDatabaseUnavailable(error)) {
    logError("database unavailable", error, { request_id: requestId });
    return errorResponse(new DomainError("transient_failure", "The service could not reach its database. Retry the request."), keyType, headers);
  }
  // Bodies are screened for U+0000 (lib/http/body.ts); this catches it in a path or query value.
  if (pg?.code === PG_CHARACTER_NOT_IN_REPERTOIRE) {
    return errorResponse(validationFailed(undefined, "A value contains a character that cannot be stored (U+0000)."), keyType, headers);
  }
  logError("unhandled error", error, { request_id: requestId });
  return errorResponse(INTERNAL_ERROR, keyType, headers);
}

function withHeaders(response: Response, headers: Headers): Response {
  headers.forEach((value, name) => {
    if (name === "vary" && response.headers.has(name)) response.headers.set(name, `${value}, ${response.headers.get(name)}`);
    else if (!response.headers.has(name)) response.headers.set(name, value);
  });
  return response;
}

function addCorsHeaders(request: Request, headers: Headers) {
  const origin = request.headers.get("origin");
  headers.set("Vary", "Origin");
  if (origin) headers.set("Access-Control-Allow-Origin", origin);
}

const ALL_METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export type MethodHandlers = Record<HttpMethod | "OPTIONS", RouteHandler>;

/**
 * Every method of a path: the served ones, a JSON 405 for the rest, and a CORS preflight
 * answer for paths that browsers call.
 */
export function methods(served: Partial<Record<HttpMethod, RouteHandler>>): MethodHandlers {
  const allow = ALL_METHODS.filter((method) => served[method]);
  const isBrowserPath = allow.some((method) => BROWSER_AUTH.has(served[method]?.operation?.auth ?? ""));
  const notAllowed: RouteHandler = async () => methodNotAllowed(allow);
  const preflight: RouteHandler = async (request) => {
    const headers = new Headers({ Allow: allow.join(", "), Vary: "Origin" });
    const origin = request.headers.get("origin");
    if (isBrowserPath && origin) {
      headers.set("Access-Control-Allow-Origin", origin);
      headers.set("Access-Control-Allow-Methods", allow.join(", "));
      headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key, If-None-Match");
      headers.set("Access-Control-Max-Age", "600");
    }
    return new Response(null, { status: 204, headers });
  };
  const handlers = Object.fromEntries(ALL_METHODS.map((method) => [method, served[method] ?? notAllowed]));
  return { ...handlers, OPTIONS: preflight } as MethodHandlers;
}

/** 405 in the envelope, with the methods the path serves in Allow (RFC 9110 §15.5.6). */
export function methodNotAllowed(allow: readonly string[]): Response {
  return errorResponse(new DomainError("method_not_allowed", `This path serves ${allow.join(", ")}.`), "none", { Allow: allow.join(", ") });
}
