import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { decodeCursor, encodeCursor, toPage } from "./pagination";
import { PageLimit } from "@/lib/schemas";

describe("PageLimit", () => {
  it.each([
    [undefined, 50],
    ["10", 10],
    ["200", 200],
    ["500", 200],
    ["0", 50],
    ["-3", 50],
    ["abc", 50],
    ["1.5", 50],
    ["", 50],
  ])("limit %s → %i", (raw, expected) => {
    expect(
      PageLimit.optional()
        .transform((value) => value ?? 50)
        .parse(raw),
    ).toBe(expected);
  });
});

describe("cursors", () => {
  it("round-trip a position and refuse anything else as param cursor", () => {
    const position = { createdAt: new Date("2026-01-02T03:04:05.678Z"), id: "6c3c8a8e-2f65-4c4b-9d3c-0f6f5c1e2a11" };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    for (const bad of [
      "",
      "abc",
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from('["2026-01-01T00:00:00Z","x"]').toString("base64url"),
      Buffer.from('["+275760-09-13T00:00:00Z","00000000-0000-4000-8000-000000000001"]').toString("base64url"),
    ]) {
      try {
        decodeCursor(bad);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).details.param).toBe("cursor");
      }
    }
  });

  it("pages: a cursor only when more rows exist", () => {
    const rows = [3, 2, 1].map((n) => ({ createdAt: new Date(n * 1000), id: `00000000-0000-4000-8000-00000000000${n}` }));
    const first = toPage(rows, { limit: 2 }, (row) => row.id);
    expect(first.data).toHaveLength(2);
    expect(decodeCursor(first.next_cursor!).id).toBe(rows[1]!.id);
    expect(toPage(rows.slice(0, 2), { limit: 2 }, (row) => row.id).next_cursor).toBeNull();
  });
});
