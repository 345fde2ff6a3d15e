import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { encodedAnswerResponse, type NamedBytes } from "./encoded-answers";
import { inFramingScope } from "./framing";

let answers = 0;

/** A cached answer the size of a busy 62-day range: 60 days of 32 slots on 10 calendars, in pieces. */
function busyAnswer(): NamedBytes {
  const pieces: Uint8Array[] = [Buffer.from('{"data":[')];
  for (let calendar = 0; calendar < 10; calendar++) {
    const slots = [];
    for (let day = 1; day <= 60; day++)
      for (let quarter = 36; quarter < 68; quarter++) {
        const at = (q: number) =>
          `2027-01-${String(day).padStart(2, "0")}T${String(Math.floor(q / 4)).padStart(2, "0")}:${String((q % 4) * 15).padStart(2, "0")}:00-05:00`;
        if ((day * 7 + quarter * 3 + calendar) % 5 !== 0) slots.push({ start: at(quarter), end: at(quarter + 2) });
      }
    pieces.push(Buffer.from(`${calendar ? "," : ""}${JSON.stringify({ staff_id: `calendar-${calendar}`, slots })}`));
  }
  pieces.push(Buffer.from("]}"));
  return { key: `test answer ${++answers}`, pieces };
}

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

async function ask(answer: NamedBytes, acceptEncoding: string) {
  const request = new Request("http://test/v1/availability", { headers: { "Accept-Encoding": acceptEncoding } });
  // In a request scope, as our server answers (lib/http/framing.ts).
  const response = inFramingScope(() => encodedAnswerResponse(request, answer, { "Content-Type": "application/json" }));
  const encoding = response.headers.get("content-encoding") as keyof typeof DECODE;
  const bytes = Buffer.from(await response.arrayBuffer());
  // The length the server sets again once Next.js has dropped it (framing.ts).
  expect(response.headers.get("content-length")).toBe(String(bytes.length));
  expect(DECODE[encoding](bytes).equals(Buffer.concat(answer.pieces))).toBe(true);
  return { encoding, bytes };
}

describe("cached answers, compressed once fast and once at the best level", () => {
  for (const [acceptEncoding, encoding, atMost] of [
    ["gzip, deflate", "gzip", 0.85],
    ["gzip, deflate, br, zstd", "br", 0.7],
  ] as const) {
    it(`${encoding}: the first answers are the fast bytes; once asked again, later answers are the best compression of the same bytes`, async () => {
      const answer = busyAnswer();
      const first = await ask(answer, acceptEncoding);
      expect(first.encoding).toBe(encoding);
      expect(first.bytes.length).toBeLessThan(Buffer.concat(answer.pieces).length / 8);
      // Asked again: still the fast bytes, while the best compression is made beside them.
      expect((await ask(answer, acceptEncoding)).bytes.equals(first.bytes)).toBe(true);
      let best = first;
      await vi.waitFor(async () => {
        best = await ask(answer, acceptEncoding);
        expect(best.bytes.length).toBeLessThan(first.bytes.length * atMost);
      });
      // Best is final: the same bytes from then on, never compressed a third time.
      for (let i = 0; i < 3; i++) expect((await ask(answer, acceptEncoding)).bytes.equals(best.bytes)).toBe(true);
    });
  }

  it("an answer asked once is compressed once: other answers' recompressions leave it as it was", async () => {
    const once = busyAnswer();
    const first = await ask(once, "gzip");
    const other = busyAnswer();
    await ask(other, "gzip");
    await ask(other, "gzip");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await ask(once, "gzip")).bytes.equals(first.bytes)).toBe(true);
  });
});
