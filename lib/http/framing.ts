import { AsyncLocalStorage } from "node:async_hooks";
import http, { type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import Negotiator from "negotiator";
import { processSlot } from "@/lib/process-state";

/**
 * How an answer's bytes are framed on the wire: their length and their encoding
 * (docs/architecture.md#response-framing). Next.js's own compression is off (next.config.ts,
 * `compress: false`); every answer of `npm start` is compressed here, by one rule, in
 * FramedResponse, the server's response class (lib/http/server.ts).
 *
 * Next.js drops a route handler's Content-Length and Content-Encoding (FORBIDDEN_HEADERS in its
 * send-response.js: a body fetched from elsewhere may have been decoded). So a route also hands
 * both to the response through the request's scope (an AsyncLocalStorage): no private header
 * ever goes through Next.js, and a request answered outside our server (a bare `next start`,
 * `next dev`) has no scope: its routes then send no bytes they encoded themselves.
 */

/** The encodings we answer in, in our order of preference when a client likes several equally. */
const ENCODINGS = ["br", "gzip", "identity"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** What a route says of the bytes of its answer. */
type RouteFraming = { length?: number; encoding?: Exclude<Encoding, "identity"> };

/**
 * One scope for both copies of this module (the server's bundle and Next.js's route bundles
 * each have their own): the first to load makes it.
 */
const scopes = processSlot("framing", () => new AsyncLocalStorage<RouteFraming>());

/** Answers smaller than this go as they are, with their length: gzip would add bytes. */
export const COMPRESSION_THRESHOLD = 1024;
/** Compression made per answer: gzip at zlib's default level (6), brotli at 4 (as fast, smaller). */
const BROTLI_QUALITY = 4;
const COMPRESSIBLE = /^(text\/|image\/svg\+xml|application\/(json|javascript|ecmascript|xml|x-javascript|[\w.-]+\+(json|xml)))/i;

// --- What routes use -----------------------------------------------------------------------

/** Whether the request being answered goes out through FramedResponse: only then may a route send bytes it encoded itself. */
export function framingCarried(): boolean {
  return scopes.getStore() !== undefined;
}

/**
 * A route's answer whose length (and, for bytes the route encoded, encoding) reach the client:
 * the standard headers, which is what the Response means everywhere (the in-process tests read
 * them), and the same in the request's scope, from which FramedResponse sets them again.
 */
export function framedResponse(
  body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
  init: { status?: number; headers?: HeadersInit; length: number; encoding?: RouteFraming["encoding"] },
): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Length", String(init.length));
  if (init.encoding) headers.set("Content-Encoding", init.encoding);
  const scope = scopes.getStore();
  if (scope) Object.assign(scope, { length: init.length, encoding: init.encoding });
  return new Response(body, { status: init.status, headers });
}

/** A JSON answer with its length: under 1 KB it then goes uncompressed. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  return framedResponse(text, { status: init.status, headers, length: Buffer.byteLength(text) });
}

/** The encoding to answer in: identity when the header is absent or allows neither br nor gzip. */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding {
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? undefined } }) as NegotiatorWithPreference;
  // Equal preferences (a browser's "gzip, deflate, br, zstd") go to ours, in ENCODINGS's order.
  const chosen = negotiator.encoding([...ENCODINGS], { preferred: [...ENCODINGS] });
  return (chosen as Encoding | undefined) ?? "identity";
}

/** negotiator 1.0's `preferred` option, which @types/negotiator (0.6) does not know yet. */
type NegotiatorWithPreference = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

/** Runs `answer` in a request scope of its own (the in-process test dispatcher, which stands in for the server). */
export function inFramingScope<T>(answer: () => T): T {
  return scopes.run({}, answer);
}

// --- The server's response -----------------------------------------------------------------

type Callback = (error?: Error | null) => void;
type Chunk = string | Uint8Array;

/**
 * The server's response class (`http.createServer({ ServerResponse: FramedResponse })`). When
 * its head is written it sets the route's own framing, then decides, once, whether to compress:
 * - never a HEAD, a 1xx, 204 or 304, a type that does not compress, an answer already encoded,
 *   one that says `no-transform`, or a write under /v1 (one object or an error: a compression
 *   stream per answer to save a kilobyte cost the bench's 1,000 creates 1–1.5 s of the
 *   server's CPU);
 * - never an answer of known length under COMPRESSION_THRESHOLD;
 * - else br or gzip as the client's Accept-Encoding prefers (Vary: Accept-Encoding).
 */
export class FramedResponse extends http.ServerResponse<IncomingMessage> {
  readonly #route: RouteFraming = {};
  #encoder: zlib.Gzip | zlib.BrotliCompress | undefined;
  #ending = false;

  /** Runs `answer` (Next.js's handler) in this request's scope, where its route leaves its framing. */
  answer(answer: () => void): void {
    scopes.run(this.#route, answer);
  }

  override writeHead(statusCode: number, ...rest: unknown[]): this {
    const message = typeof rest[0] === "string" ? rest[0] : undefined;
    const headers = (message === undefined ? rest[0] : rest[1]) as OutgoingHttpHeaders | unknown[] | undefined;
    // Headers given here count as if set before (Node merges them the same way).
    if (headers && !Array.isArray(headers)) for (const [name, value] of Object.entries(headers)) if (value !== undefined) this.setHeader(name, value);
    this.statusCode = statusCode;
    if (!this.headersSent) this.#frame();
    if (Array.isArray(headers)) return super.writeHead(statusCode, message, headers as string[]);
    return message === undefined ? super.writeHead(statusCode) : super.writeHead(statusCode, message);
  }

  override write(chunk: Chunk, encoding?: BufferEncoding | Callback, callback?: Callback): boolean {
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (!this.#encoder) return super.write(chunk, encoding as BufferEncoding, callback);
    return this.#encoder.write(chunk, encoding as BufferEncoding, callback);
  }

  override end(chunk?: Chunk | Callback, encoding?: BufferEncoding | Callback, callback?: Callback): this {
    if (typeof chunk === "function") [chunk, encoding, callback] = [undefined, undefined, chunk];
    else if (typeof encoding === "function") [encoding, callback] = [undefined, encoding];
    if (!this.headersSent) {
      // The whole body is here: its length decides.
      if (chunk !== undefined && chunk !== null && !this.hasHeader("Content-Length") && this.#route.length === undefined) {
        this.setHeader("Content-Length", typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : chunk.byteLength);
      }
      this.writeHead(this.statusCode);
    }
    const encoder = this.#encoder;
    if (!encoder) return super.end(chunk, encoding as BufferEncoding, callback);
    if (this.#ending) return this;
    this.#ending = true;
    if (chunk !== undefined && chunk !== null) encoder.write(chunk, encoding as BufferEncoding);
    encoder.once("end", () => super.end(callback));
    encoder.end();
    return this;
  }

  /** What Next.js calls after each chunk it writes, so that a streamed page's compressed parts leave at once. */
  flush(): void {
    this.#encoder?.flush();
  }

  /** The route's length and encoding, then the compression decision. */
  #frame(): void {
    const route = this.#route;
    if (route.encoding) this.setHeader("Content-Encoding", route.encoding);
    if (route.length !== undefined && !this.hasHeader("Content-Length")) this.setHeader("Content-Length", route.length);
    const encoding = this.#compression();
    if (encoding === "identity") return;
    this.removeHeader("Content-Length");
    this.setHeader("Content-Encoding", encoding);
    this.#encoder = encoding === "br" ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : zlib.createGzip();
    this.#pipeFrom(this.#encoder);
  }

  #compression(): Encoding {
    const request = this.req;
    if (!COMPRESSIBLE.test(String(this.getHeader("Content-Type") ?? ""))) return "identity";
    if (request.method !== "GET" && request.method !== "HEAD" && (request.url ?? "").startsWith("/v1/")) return "identity";
    if (/\bno-transform\b/i.test(String(this.getHeader("Cache-Control") ?? ""))) return "identity";
    this.#varyByEncoding();
    if (this.hasHeader("Content-Encoding") || request.method === "HEAD") return "identity";
    if (this.statusCode < 200 || this.statusCode === 204 || this.statusCode === 304) return "identity";
    if (this.hasHeader("Content-Length") && Number(this.getHeader("Content-Length")) < COMPRESSION_THRESHOLD) return "identity";
    return preferredEncoding(request.headers["accept-encoding"]);
  }

  #varyByEncoding(): void {
    const vary = this.getHeader("Vary");
    const values = (Array.isArray(vary) ? vary.join(", ") : String(vary ?? ""))
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.some((value) => value === "*" || value.toLowerCase() === "accept-encoding")) return;
    this.setHeader("Vary", [...values, "Accept-Encoding"].join(", "));
  }

  /** The encoder's output onto the socket, with the socket's back-pressure passed back to whoever writes. */
  #pipeFrom(encoder: zlib.Gzip | zlib.BrotliCompress): void {
    encoder.on("data", (data: Buffer) => {
      if (!super.write(data)) encoder.pause();
    });
    // The socket drained: more compressed bytes may go. The encoder drained: the writer may go on.
    this.on("drain", () => encoder.resume());
    encoder.on("drain", () => this.emit("drain"));
    encoder.on("error", (error) => this.destroy(error));
    this.once("close", () => encoder.destroy());
  }
}
