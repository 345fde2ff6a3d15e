import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One email the stand-in took on (a replay under a known key adds none). */
export type ResendDelivery = { id: string; key: string | null; body: ResendEmailBody; at: number };
export type ResendEmailBody = {
  from: string;
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
  reply_to?: string | string[];
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; content_type?: string }[];
};

type KeptAnswer = { hash: string; status: "running" | "done"; id: string };

/**
 * A local stand-in for Resend's `POST /emails` (Resend's API cannot be reached from here), held
 * to the behaviour Resend documents for it, so the app talks to it through the real SDK
 * (RESEND_BASE_URL):
 * - `Authorization: Bearer <api key>`, else 401 `missing_api_key` / 403 `invalid_api_key`;
 * - `from`, `to` and `subject` required, else 422 `validation_error`;
 * - `Idempotency-Key` (1–256 characters, else 400 `invalid_idempotency_key`), kept 24 hours:
 *   the same key with the same body answers the first email's id again and sends nothing; with
 *   another body 409 `invalid_idempotent_request`; while the first is still being handled 409
 *   `concurrent_idempotent_requests`.
 * `answerDelayMs` holds each answer back after the email was taken on (the window in which a
 * killed sender has handed a message over without knowing it); `refuseNext(n, status)` answers
 * the next n requests with that error and takes nothing on; `dropNext(n)` takes the next n on
 * and closes the connection without an answer.
 */
export function startResendStandIn(options: { apiKey?: string; answerDelayMs?: () => number } = {}) {
  const apiKey = options.apiKey ?? "re_stand_in_key";
  const deliveries: ResendDelivery[] = [];
  const requests: { key: string | null; at: number }[] = [];
  const kept = new Map<string, KeptAnswer>();
  let refusals: { count: number; status: number } = { count: 0, status: 500 };
  let drops = 0;
  let replayed = 0;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, statusCode: number, name: string, message: string) => answer(response, statusCode, { statusCode, name, message });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({ key, at: Date.now() });
    if (request.method !== "POST" || request.url !== "/emails") return error(response, 404, "not_found", "Unknown route.");
    const authorization = request.headers.authorization;
    if (!authorization?.startsWith("Bearer ")) return error(response, 401, "missing_api_key", "Missing API key in the authorization header.");
    if (authorization.slice("Bearer ".length) !== apiKey) return error(response, 403, "invalid_api_key", "API key is invalid.");
    if (refusals.count > 0) {
      refusals.count--;
      return error(response, refusals.status, refusals.status === 429 ? "rate_limit_exceeded" : "internal_server_error", "Refused by the test.");
    }
    let body: ResendEmailBody;
    try {
      body = JSON.parse(raw) as ResendEmailBody;
    } catch {
      return error(response, 422, "validation_error", "The body is not JSON.");
    }
    for (const field of ["from", "to", "subject"] as const) {
      if (!body[field]) return error(response, 422, "validation_error", `The \`${field}\` field is required.`);
    }
    if (key !== null && (key.length === 0 || key.length > 256)) return error(response, 400, "invalid_idempotency_key", "The key must be 1-256 characters.");
    const hash = createHash("sha256").update(raw).digest("hex");
    const earlier = key === null ? undefined : kept.get(key);
    if (earlier) {
      if (earlier.hash !== hash) return error(response, 409, "invalid_idempotent_request", "Same idempotency key used with a different request payload.");
      if (earlier.status === "running")
        return error(response, 409, "concurrent_idempotent_requests", "Same idempotency key used while the original request is still in progress.");
      replayed++;
      return answer(response, 200, { id: earlier.id });
    }
    const id = randomUUID();
    const record: KeptAnswer = { hash, status: "running", id };
    if (key !== null) kept.set(key, record);
    deliveries.push({ id, key, body, at: Date.now() });
    if (drops > 0) {
      drops--;
      record.status = "done";
      response.socket?.destroy();
      return;
    }
    const delay = options.answerDelayMs?.() ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    record.status = "done";
    answer(response, 200, { id });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => error(response, 500, "internal_server_error", String(failure)));
  });
  const listening = new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  return {
    apiKey,
    /** The base URL for RESEND_BASE_URL, once listening. */
    listening,
    deliveries,
    requests,
    /** Requests answered from an earlier one's record under the same key. */
    replays: () => replayed,
    refuseNext: (count: number, status = 500) => {
      refusals = { count, status };
    },
    dropNext: (count: number) => {
      drops = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ResendStandIn = ReturnType<typeof startResendStandIn>;
