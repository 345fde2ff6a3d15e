import http from "node:http";
import https from "node:https";
import { BlockedAddressError, endpointUrlProblem, guardedLookup } from "@/lib/webhooks/url-policy";

/** Limits of docs/external-calendars.md: a source is read within these or refused. */
export const FETCH_TIMEOUT_MS = 15_000;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_REDIRECTS = 3;

export type FetchRequest = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** HTTP Basic credentials (CalDAV app passwords). */
  basicAuth?: { username: string; password: string };
  /** Dev tools on: http and any address are allowed (local servers in development and tests). */
  allowAnyAddress: boolean;
  timeoutMs?: number;
};

export type FetchResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A refusal or failure told in words safe to show the integrator: never the address, the
 * login or anything the server sent back (the address is a secret; see docs/external-calendars.md).
 */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly param: "url" | "password" = "url",
  ) {
    super(message);
    this.name = "FetchError";
  }
}

/**
 * One request to a user-given address, SSRF-safe: the webhook URL policy is checked on the
 * address and on every redirect hop (at most 3; each hop's host resolved and checked where
 * the connection is made), the whole exchange is cut off at 15 s, and a body past 10 MB is
 * refused. Credentials are sent only to the origin they were given for.
 */
export async function fetchUrl(request: FetchRequest): Promise<FetchResponse> {
  let url = request.url;
  const origin = safeOrigin(url);
  // A monotonic budget for the whole exchange (an elapsed time, not the app clock).
  const deadline = performance.now() + (request.timeoutMs ?? FETCH_TIMEOUT_MS);
  for (let hop = 0; ; hop++) {
    const problem = endpointUrlProblem(url, { devTools: request.allowAnyAddress });
    if (problem) throw new FetchError(hop === 0 ? `The address ${problem}.` : `The address redirected to one that ${problem}.`);
    const sameOrigin = safeOrigin(url) === origin;
    const response = await requestOnce(url, request, deadline, sameOrigin);
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
      if (hop >= MAX_REDIRECTS) throw new FetchError(`The address redirected more than ${MAX_REDIRECTS} times.`);
      try {
        url = new URL(location, url).toString();
      } catch {
        throw new FetchError("The address redirected to an unreadable location.");
      }
      continue;
    }
    return response;
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

function requestOnce(rawUrl: string, request: FetchRequest, deadline: number, sendCredentials: boolean): Promise<FetchResponse> {
  const url = new URL(rawUrl);
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { "User-Agent": "BookingsCalendarSync/1", ...request.headers };
  if (request.basicAuth && sendCredentials) {
    headers.Authorization = `Basic ${Buffer.from(`${request.basicAuth.username}:${request.basicAuth.password}`).toString("base64")}`;
  }
  if (request.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(request.body));
  const remainingMs = Math.max(1, deadline - performance.now());
  return new Promise<FetchResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: FetchError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    const req = client.request(
      url,
      { method: request.method ?? "GET", agent: false, headers, ...(request.allowAnyAddress ? {} : { lookup: guardedLookup }) },
      (response) => {
        const declared = Number(response.headers["content-length"] ?? "0");
        if (declared > MAX_DOCUMENT_BYTES) return fail(new FetchError("The document is larger than 10 MB."));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_DOCUMENT_BYTES) return fail(new FetchError("The document is larger than 10 MB."));
          chunks.push(chunk);
        });
        response.on("error", () => fail(new FetchError("The connection broke while the document was read.")));
        response.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") });
        });
      },
    );
    const timer = setTimeout(
      () => fail(new FetchError(`The server did not answer within ${Math.round((request.timeoutMs ?? FETCH_TIMEOUT_MS) / 1000)} seconds.`)),
      remainingMs,
    );
    req.on("error", (error: NodeJS.ErrnoException) => fail(new FetchError(describeNetworkError(error))));
    req.end(request.body);
  });
}

/** A network error in words that name no host or address. */
function describeNetworkError(error: NodeJS.ErrnoException): string {
  if (error instanceof BlockedAddressError || error.code === "EBLOCKEDADDRESS") return "The address resolves to a private, loopback or link-local address.";
  switch (error.code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "The address's host name could not be resolved.";
    case "ECONNREFUSED":
      return "The server refused the connection.";
    case "ECONNRESET":
      return "The server closed the connection.";
    case "ETIMEDOUT":
      return "The connection timed out.";
    case "EPROTO":
    case "ERR_SSL_WRONG_VERSION_NUMBER":
      // webcal:// is read as https://; a server that only speaks plain http answers the TLS hello with http.
      return "The server did not answer over https (webcal:// addresses are read as https://); it may serve plain http only, which is not accepted.";
    default:
      return error.code?.startsWith("ERR_TLS") || error.code?.includes("CERT")
        ? "The server's TLS certificate was refused."
        : "The server could not be reached.";
  }
}
