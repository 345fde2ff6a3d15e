import zlib from "node:zlib";

/**
 * A gzip member (RFC 1952) for bytes cut from cached slot tables, made without compressing the whole
 * answer again (docs/architecture.md#caches, "Compressed in chunks"). A table's bytes are
 * deflated once, in CHUNK_BYTES chunks each ended by a sync flush (so each is whole bytes and
 * any run of them, in order, is valid deflate data), as the answers cut from the table first
 * ask for them; the chunks live in the table (`DeflatedChunks`), so they are kept and dropped
 * with it. An answer is then: the header, for each run the chunks it covers whole, the bytes
 * around them (the run's ragged ends, the punctuation between runs) deflated on the spot, an
 * empty final block, and the CRC-32 and length of everything, which zlib computes at memory
 * speed.
 *
 * Measured on a 1.5 MB 62-day answer of ten calendars (in-process, loaded machine): gzip at
 * level 1 of the whole took 4.7 ms and wrote 163 KB; its chunks at 16 KB and level 6 write
 * 134 KB, and the CRC-32 of the whole took 0.4 ms.
 */
export const CHUNK_BYTES = 16 * 1024;

/** A table's deflated chunks by index (chunk k holds bytes [k·CHUNK_BYTES, (k+1)·CHUNK_BYTES)); filled as asked. */
export type DeflatedChunks = (Uint8Array | undefined)[];

/** Bytes to write as they are, or the run [from, to) of a cached table's bytes. */
export type GzipPart = Uint8Array | { bytes: Uint8Array; chunks: DeflatedChunks; from: number; to: number };

/** A chunk is deflated once and cached with its table: level 6, as Next.js and most servers compress. */
const CHUNK = { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH };
/** The bytes around the chunks are deflated for this answer only: as fast as keeps most of the saving. */
const LOOSE = { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH };
/** ID1 ID2, deflate, no flags, no modification time, no extra flags, OS Unix (as zlib writes). */
const HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3);
/** A final block of fixed codes holding only its end: BFINAL 1, BTYPE 01, end-of-block, padding. */
const FINAL_BLOCK = Uint8Array.of(3, 0);

/** The parts, written one after another, as one gzip member. */
export function gzipParts(parts: GzipPart[]): Buffer {
  const out: Uint8Array[] = [HEADER];
  let crc = 0;
  let length = 0;
  let loose: Uint8Array[] = [];
  const deflateLoose = () => {
    const [only, ...more] = loose;
    if (!only) return;
    out.push(zlib.deflateRawSync(more.length === 0 ? only : Buffer.concat(loose), LOOSE));
    loose = [];
  };
  for (const part of parts) {
    const bytes = part instanceof Uint8Array ? part : part.bytes.subarray(part.from, part.to);
    crc = zlib.crc32(bytes, crc);
    length += bytes.length;
    if (part instanceof Uint8Array) {
      if (bytes.length > 0) loose.push(bytes);
      continue;
    }
    const firstWhole = Math.ceil(part.from / CHUNK_BYTES);
    const endWhole = Math.floor(part.to / CHUNK_BYTES);
    if (endWhole <= firstWhole) {
      if (bytes.length > 0) loose.push(bytes);
      continue;
    }
    if (part.from < firstWhole * CHUNK_BYTES) loose.push(part.bytes.subarray(part.from, firstWhole * CHUNK_BYTES));
    deflateLoose();
    for (let chunk = firstWhole; chunk < endWhole; chunk++) {
      out.push((part.chunks[chunk] ??= zlib.deflateRawSync(part.bytes.subarray(chunk * CHUNK_BYTES, (chunk + 1) * CHUNK_BYTES), CHUNK)));
    }
    if (endWhole * CHUNK_BYTES < part.to) loose.push(part.bytes.subarray(endWhole * CHUNK_BYTES, part.to));
  }
  deflateLoose();
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}
