import { describe, expect, it } from "vitest";
import { memoized } from "./cache";

describe("memoized", () => {
  it("works a key out once, and again only after the size bound let it go", () => {
    const asked: string[] = [];
    const lengthOf = memoized<number>({ maxBytes: 2, sizeOf: () => 1 }, (key) => {
      asked.push(key);
      return key.length;
    });
    expect([lengthOf("a"), lengthOf("bb"), lengthOf("a"), lengthOf("bb")]).toEqual([1, 2, 1, 2]);
    expect(asked).toEqual(["a", "bb"]);
    // A third key pushes out the least recently used ("a"), which is then worked out again.
    expect(lengthOf("ccc")).toBe(3);
    expect(lengthOf("a")).toBe(1);
    expect(asked).toEqual(["a", "bb", "ccc", "a"]);
  });
});
