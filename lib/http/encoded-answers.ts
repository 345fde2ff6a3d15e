import zlib from "node:zlib";
import { Cache, NAMED_BY_KEY } from "@/lib/cache/cache";
import { framedResponse, framingCarried, preferredEncoding, type Encoding } from "./framing";

/**
 * A large answer whose bytes are cached (the availability answers, lib/availability/answer-cache.ts),
 * compressed per encoding and cached beside them, in the one cache (lib/cache/cache.ts) under
 * the bytes' name. The server compresses an answer (lib/http/framing.ts)
 * for every request anew (gzip, level 6: 10 ms of CPU for a busy 62-day answer of 1 MB); the
 * same range asked again is then a lookup and a few dozen KB to write, not a megabyte.
 *
 * Twice, as a static file server keeps its hot files precompressed at the best level:
 * - the first answer is compressed as fast as keeps most of the saving, on the event loop:
 *   a range asked once (a booking page's next month, each new minute) should not wait for more.
 *   Brotli at quality 4 writes a busy 62-day answer of 950 KB as 19 KB in about 3.3 ms; gzip
 *   at level 1 as 95 KB in about 1.5 ms. Handed to libuv's thread pool instead, 16 clients
 *   asking new 62-day ranges on two cores got 124 answers/s, not 160 (every compression
 *   waited about 100 ms for the pool).
 * - the first time those bytes are asked for again, they are compressed once more at the
 *   best level worth its time, on the thread pool, while the fast bytes keep answering: brotli
 *   at quality 9 (7 KB in about 5 ms; 11 takes 340 ms for 6 KB), gzip at level 9 (72 KB in
 *   about 18 ms). A range asked twice is likely asked again (every visitor of a booking page
 *   asks its month), and every later answer is a quarter (gzip) to a third (brotli) smaller.
 *   The repeated 62-day range of `npm run bench` on PostgreSQL went from 0.51 to 0.67 of the
 *   floor with gzip at 9 instead of 1: moving the bytes, not making them, is its cost.
 */
const MAX_ENCODED_BYTES = 8 * 1024 * 1024;
type Compressed = Exclude<Encoding, "identity">;

const brotli = (quality: number, bytes: Buffer) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
});

/** The first compression of an answer: fast, on the event loop. */
const COMPRESS_FAST: Record<Compressed, (bytes: Buffer) => Buffer> = {
  br: (bytes) => zlib.brotliCompressSync(bytes, brotli(4, bytes)),
  gzip: (bytes) => zlib.gzipSync(bytes, { level: 1 }),
};

/** The second, once the answer is asked for again: the best worth its time, on the thread pool. */
const COMPRESS_BEST: Record<Compressed, (bytes: Buffer, done: (error: Error | null, result: Buffer) => void) => void> = {
  br: (bytes, done) => zlib.brotliCompress(bytes, brotli(9, bytes), done),
  gzip: (bytes, done) => zlib.gzip(bytes, { level: 9 }, done),
};

/** Compressed bytes, and whether they are the best compression (else a recompression may replace them). */
type Encoded = { bytes: Uint8Array<ArrayBuffer>; best: boolean };

const encodings = new Cache<Encoded>({ maxBytes: MAX_ENCODED_BYTES, sizeOf: (entry, key) => entry.bytes.length + key.length });
/** Keys being compressed at the best level now: each at most once at a time. */
const recompressing = new Set<string>();

/**
 * Bytes that stay the same for as long as `key` names them (the key changes when they would).
 * `gzip`, when given, makes their first gzip encoding more cheaply than compressing them whole
 * (the availability answers stitch it from chunks deflated once, lib/availability/stitched-gzip.ts).
 */
export type NamedBytes = { key: string; pieces: Uint8Array[]; gzip?: () => Uint8Array<ArrayBuffer> };

/**
 * The answer for `request`, in the encoding its Accept-Encoding prefers (br, then gzip, then
 * none; a client that accepts neither gets the bytes as they are). Varies by Accept-Encoding.
 */
export function encodedAnswerResponse(request: Request, answer: NamedBytes, headers: Record<string, string>): Response {
  // Outside our server (a bare `next start`) nothing would carry Content-Encoding: the bytes go as they are.
  const encoding = framingCarried() ? preferredEncoding(request.headers.get("accept-encoding")) : "identity";
  const vary = { ...headers, Vary: "Accept-Encoding" };
  if (encoding === "identity") {
    // Handed over as a stream of the pieces: joining them, or `new Response(bytes)`, would copy
    // a megabyte per answer (and its garbage collection); a default stream passes each piece as it is.
    let length = 0;
    for (const piece of answer.pieces) length += piece.length;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of answer.pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    return framedResponse(stream, { headers: vary, length });
  }
  const body = encoded(encoding, answer);
  return framedResponse(body, { headers: vary, length: body.byteLength, encoding });
}

function encoded(encoding: Compressed, answer: NamedBytes): Uint8Array<ArrayBuffer> {
  const key = `${encoding} ${answer.key}`;
  const entry = encodings.get(key, NAMED_BY_KEY.revision, 0);
  if (!entry) {
    const bytes = encoding === "gzip" && answer.gzip ? answer.gzip() : asView(COMPRESS_FAST[encoding](Buffer.concat(answer.pieces)));
    encodings.set(key, { value: { bytes, best: false }, ...NAMED_BY_KEY });
    return bytes;
  }
  if (!entry.best && !recompressing.has(key)) recompress(encoding, key, entry, answer.pieces);
  return entry.bytes;
}

/** Replaces `entry` under `key` with the best compression of the same bytes, unless it was dropped or replaced meanwhile. */
function recompress(encoding: Compressed, key: string, entry: Encoded, pieces: Uint8Array[]) {
  recompressing.add(key);
  COMPRESS_BEST[encoding](Buffer.concat(pieces), (error, compressed) => {
    recompressing.delete(key);
    if (error || encodings.peek(key)?.value !== entry) return;
    encodings.set(key, { value: { bytes: asView(compressed), best: true }, ...NAMED_BY_KEY });
  });
}

function asView(compressed: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
}
