import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { ROUTE_CONTENT_ENCODING, ROUTE_CONTENT_LENGTH, routeFramingInstalled } from "./route-framing";

/**
 * A large answer whose bytes are kept (the availability answers, lib/availability/answer-cache.ts),
 * compressed once per encoding and kept beside them. Next.js compresses a route handler's answer
 * for every request anew (gzip, level 6: 10 ms of CPU for a busy 62-day answer of 1 MB); the
 * same range asked again is then a lookup and 30–100 KB to write, not a megabyte.
 *
 * Settings: the fastest of each encoding that keeps most of the saving on slot JSON. Brotli at
 * quality 4 writes 1 MB as 34 KB in about 3.4 ms; gzip at level 1 as 98 KB in about 2 ms
 * (level 6: 77 KB in 10 ms). It runs on the event loop: handed to libuv's thread pool instead,
 * 16 clients asking new 62-day ranges on two cores got 124 answers/s, not 160 (every
 * compression waited about 100 ms for the pool).
 */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;
const ENCODINGS = ["br", "gzip", "identity"] as const;
type Encoding = (typeof ENCODINGS)[number];

const COMPRESS: Record<Exclude<Encoding, "identity">, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes) => zlib.gzipSync(bytes, { level: 1 }),
};

const kept = new LRUCache<string, Uint8Array<ArrayBuffer>>({ maxSize: MAX_KEPT_BYTES, sizeCalculation: (bytes, key) => bytes.length + key.length });

/** Bytes that stay the same for as long as `key` names them (the key changes when they would). */
export type KeptBytes = { key: string; pieces: Uint8Array[] };

/**
 * The answer for `request`, in the encoding its Accept-Encoding prefers (br, then gzip, then
 * none; a client that accepts neither gets the bytes as they are). Varies by Accept-Encoding.
 */
export function keptEncodedResponse(request: Request, answer: KeptBytes, headers: Record<string, string>): Response {
  // Under a bare `next start` (no server to carry Content-Encoding through), Next.js compresses.
  const encoding = routeFramingInstalled() ? preferredEncoding(request.headers.get("accept-encoding")) : "identity";
  const vary = { ...headers, Vary: "Accept-Encoding" };
  if (encoding === "identity") {
    // Handed over as a stream of the pieces: joining them, or `new Response(bytes)`, would copy
    // a megabyte per answer (and its garbage collection); a default stream passes each piece as it is.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of answer.pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    return new Response(stream, { headers: vary });
  }
  const body = encoded(encoding, answer);
  return new Response(body, {
    headers: { ...vary, "Content-Encoding": encoding, [ROUTE_CONTENT_ENCODING]: encoding, [ROUTE_CONTENT_LENGTH]: String(body.byteLength) },
  });
}

/** The encoding to answer in: identity when the header is absent or allows neither br nor gzip. */
export function preferredEncoding(acceptEncoding: string | null): Encoding {
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? undefined } }) as NegotiatorWithPreference;
  // Equal preferences (a browser's "gzip, deflate, br, zstd") go to ours, in ENCODINGS's order.
  const chosen = negotiator.encoding([...ENCODINGS], { preferred: [...ENCODINGS] });
  return (chosen as Encoding | undefined) ?? "identity";
}

/** negotiator 1.0's `preferred` option, which @types/negotiator (0.6) does not know yet. */
type NegotiatorWithPreference = { encoding(available: string[], options: { preferred: string[] }): string | undefined };

function encoded(encoding: Exclude<Encoding, "identity">, answer: KeptBytes): Uint8Array<ArrayBuffer> {
  const key = `${encoding} ${answer.key}`;
  let bytes = kept.get(key);
  if (!bytes) {
    const compressed = COMPRESS[encoding](Buffer.concat(answer.pieces));
    bytes = new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
    kept.set(key, bytes);
  }
  return bytes;
}
