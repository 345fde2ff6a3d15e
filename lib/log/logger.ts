import { AsyncLocalStorage } from "node:async_hooks";
import { format, stripVTControlCharacters } from "node:util";
import pino, { type Logger } from "pino";
import { processSlot } from "@/lib/process-state";
import { LOG_LEVELS } from "./levels";

/**
 * The app's log (docs/operations.md, "Logs"): one JSON object per line on stdout, with `time`
 * (ISO 8601), `level` and `msg`; LOG_LEVEL chooses how much (default info). A line never
 * carries a secret, a token, an email address, a phone number or a body: errors go through
 * `errorFields`, which keeps their kind and PostgreSQL code and drops what may quote data.
 *
 * One logger per process: the server (lib/http/server.ts) and Next's bundles share it
 * (lib/process-state.ts).
 */
export { LOG_LEVELS };

export function getLogger(): Logger {
  return processSlot("logger", makeLogger);
}

function makeLogger(): Logger {
  return pino({
    level: LOG_LEVELS.includes(process.env.LOG_LEVEL as never) ? process.env.LOG_LEVEL : "info",
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // A warning or an error written while a request is answered names that request, whoever writes it.
    mixin(_fields, level) {
      const requestId = level >= WARN ? requestLogRecord()?.request_id : undefined;
      return requestId ? { request_id: requestId } : {};
    },
    // Every message is scrubbed (an id is kept; an email, a phone number or a key is not).
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === "string" ? scrub(arg) : arg)) as Parameters<typeof method>);
      },
    },
    // Belt and braces: fields that must never be written, wherever they come from.
    redact: {
      paths: [
        "authorization",
        "*.authorization",
        "headers",
        "*.headers",
        "body",
        "*.body",
        "email",
        "*.email",
        "phone",
        "*.phone",
        "token",
        "*.token",
        "params",
        "*.params",
      ],
      censor: "[redacted]",
    },
  });
}

/** pino's number for `warn`. */
const WARN = 40;

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
/** Seven digits or more, not inside a word or an id (a UUID's groups are not phone numbers). */
const LONG_NUMBER = /(?<![\w-])\+?\d[\d\s().-]{6,}\d(?![\w-])/g;
/** An IPv4 address (a listening address, a peer) is not a phone number. */
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const SECRET = /\b(sk|pk|ak|whsec|rk)_[A-Za-z0-9_]{8,}/g;

/** Masks what may be personal or secret in a free text (an email, a phone number, a key). */
export function scrub(text: string): string {
  return text
    .replace(SECRET, "[key]")
    .replace(EMAIL, "[email]")
    .replace(LONG_NUMBER, (match) => (IPV4.test(match) ? match : "[number]"));
}

/**
 * What may be logged of an error: its class, PostgreSQL's SQLSTATE and constraint, a scrubbed
 * first line of the innermost message (drizzle's own message quotes the whole query and its
 * parameters, so the driver's is used) and the stack's frames (never its message).
 */
export function errorFields(error: unknown): Record<string, unknown> {
  let innermost: unknown = error;
  for (let depth = 0; depth < 4; depth++) {
    const cause = (innermost as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    innermost = cause;
  }
  const outer = error as { name?: unknown; stack?: unknown } | null;
  const inner = innermost as { name?: unknown; message?: unknown; code?: unknown; constraint_name?: unknown; constraint?: unknown } | null;
  const message = typeof inner?.message === "string" ? scrub((inner.message.split("\n")[0] ?? "").slice(0, 300)) : String(innermost).slice(0, 100);
  const frames =
    typeof outer?.stack === "string"
      ? outer.stack
          .split("\n")
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 8)
          .map((line) => line.trim())
      : undefined;
  return {
    type: typeof outer?.name === "string" ? outer.name : typeof error,
    ...(inner !== outer && typeof inner?.name === "string" ? { cause_type: inner.name } : {}),
    ...(typeof inner?.code === "string" ? { code: inner.code } : {}),
    ...(typeof (inner?.constraint_name ?? inner?.constraint) === "string" ? { constraint: inner?.constraint_name ?? inner?.constraint } : {}),
    message,
    ...(frames ? { stack: frames } : {}),
  };
}

/** A failure worth an operator's eye, as one line: `msg` plus the error's safe fields. */
export function logError(msg: string, error: unknown, fields: Record<string, unknown> = {}): void {
  getLogger().error({ ...fields, error: errorFields(error) }, msg);
}

/**
 * What the route wrapper tells the server's request line (lib/http/server.ts) about the
 * request it is answering: the route pattern, the request id of the envelope, the workspace.
 * The server runs each request inside this store (one per process, lib/process-state.ts, since
 * the server and the routes live in different bundles).
 */
export type RequestLogRecord = { route?: string; request_id?: string; workspace_id?: string };

const requestScopes = () => processSlot("requestLog", () => new AsyncLocalStorage<RequestLogRecord>());

export function requestLogRecord(): RequestLogRecord | undefined {
  return requestScopes().getStore();
}

/** Runs `work` with `record` as the request's log record (the server, for each request it admits). */
export function inRequestLogScope<T>(record: RequestLogRecord, work: () => T): T {
  return requestScopes().run(record, work);
}

/**
 * In production every line on stdout is JSON (docs/operations.md): what libraries print with
 * console (Next.js's start notes, warnings) goes through the logger too, one line each,
 * scrubbed like the rest.
 */
export function routeConsoleToLogger(): void {
  const logger = getLogger();
  const plain = (args: unknown[]) => stripVTControlCharacters(format(...args)).trim();
  console.log = console.info = (...args: unknown[]) => logger.info(plain(args));
  console.warn = (...args: unknown[]) => logger.warn(plain(args));
  console.error = (...args: unknown[]) => logger.error(plain(args));
}
