import http from "node:http";
import https from "node:https";
import { endpointUrlProblem, guardedLookup } from "./url-policy";

export const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_ERROR_LENGTH = 500;

export type PostOutcome = { ok: true; responseStatus: number } | { ok: false; responseStatus: number | null; error: string };

type PostInput = {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Dev tools on: http and any address are allowed (local receivers). */
  allowAnyAddress: boolean;
  timeoutMs?: number;
};

/**
 * One HTTP POST to a webhook endpoint. Any 2xx is success; everything else, 3xx included,
 * is a failure, and redirects are never followed (node:http does not follow them). The whole
 * attempt — DNS, connect, and waiting for the status line — is cut off at 10 seconds. It
 * never throws: every problem comes back as a failed outcome with a readable error.
 */
export function postWebhook(input: PostInput): Promise<PostOutcome> {
  const problem = endpointUrlProblem(input.url, { devTools: input.allowAnyAddress });
  if (problem) return Promise.resolve({ ok: false, responseStatus: null, error: `URL refused: ${problem}` });
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const url = new URL(input.url);
  const client = url.protocol === "https:" ? https : http;

  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    // The timer stays armed after the status line: a receiver that never ends its body
    // still has its connection closed at the cut-off.
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { ...input.headers, "Content-Length": String(Buffer.byteLength(input.body)) },
        ...(input.allowAnyAddress ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The body is not needed; drain it so the socket closes cleanly.
        response.resume();
        response.on("error", () => {});
        response.on("close", () => clearTimeout(timer));
        if (status >= 200 && status < 300) finish({ ok: true, responseStatus: status });
        else if (status >= 300 && status < 400) {
          const location = response.headers.location ? ` to ${response.headers.location}` : "";
          finish({ ok: false, responseStatus: status, error: truncate(`Redirect ${status}${location} not followed`) });
        } else finish({ ok: false, responseStatus: status, error: `HTTP ${status}` });
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, responseStatus: null, error: `Timed out after ${timeoutMs / 1000} seconds` });
      request.destroy();
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const code = error.code && !error.message.includes(error.code) ? `${error.code}: ` : "";
      finish({ ok: false, responseStatus: null, error: truncate(`${code}${error.message}`) });
    });
    request.end(input.body);
  });
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
