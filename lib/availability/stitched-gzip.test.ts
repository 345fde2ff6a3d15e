import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHUNK_BYTES, gzipParts, type DeflatedChunks, type GzipPart } from "./stitched-gzip";

/** Slot-like JSON of `count` objects: repetitive, as a table's bytes are. */
function tableBytes(count: number): Uint8Array {
  const slots = Array.from(
    { length: count },
    (_, i) => `{"start":"2030-06-${String(10 + (i % 20)).padStart(2, "0")}T09:${String(i % 60).padStart(2, "0")}:00-04:00","seats_left":${i % 9}}`,
  );
  return Buffer.from(slots.join(","), "utf8");
}

describe("a gzip member stitched from kept chunks", () => {
  it("gunzips to the parts written one after another, for any runs of any tables, with chunks reused across answers", () => {
    const tables = [tableBytes(3_000), tableBytes(700), tableBytes(40)].map((bytes) => ({ bytes, chunks: [] as DeflatedChunks }));
    expect(tables[0]!.bytes.length).toBeGreaterThan(5 * CHUNK_BYTES);
    const run = fc.tuple(fc.nat({ max: tables.length - 1 }), fc.nat(), fc.nat()).map(([table, a, b]) => {
      const { bytes, chunks } = tables[table]!;
      const [from, to] = [a % (bytes.length + 1), b % (bytes.length + 1)].sort((x, y) => x - y) as [number, number];
      return { bytes, chunks, from, to } satisfies GzipPart;
    });
    const loose = fc.uint8Array({ maxLength: 50 });
    fc.assert(
      fc.property(fc.array(fc.oneof(run, loose), { maxLength: 12 }), (parts) => {
        const plain = Buffer.concat(parts.map((part) => (part instanceof Uint8Array ? part : part.bytes.subarray(part.from, part.to))));
        expect(gunzipSync(gzipParts(parts)).equals(plain)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(tables[0]!.chunks.filter(Boolean).length).toBeGreaterThan(3);
  });

  it("writes a long run's whole chunks from the kept ones: the same bytes each time, smaller than the run", () => {
    const bytes = tableBytes(3_000);
    const chunks: DeflatedChunks = [];
    const part = { bytes, chunks, from: 5, to: bytes.length - 5 };
    const first = gzipParts([part]);
    const kept = [...chunks];
    expect(kept.filter(Boolean)).toHaveLength(Math.floor(bytes.length / CHUNK_BYTES) - 1);
    expect(gzipParts([part]).equals(first)).toBe(true);
    chunks.forEach((chunk, index) => expect(chunk).toBe(kept[index]));
    expect(first.length).toBeLessThan(bytes.length / 5);
  });
});
