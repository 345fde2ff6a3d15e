import { entityKind, is, SQL } from "drizzle-orm";
import { PgDatabase, PgTransaction } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { currentDb } from "@/tests/helpers/setup-file";

/**
 * drizzle-orm's is() is patched (patches/drizzle-orm+0.45.4.patch, applied by `npm install`)
 * to read a class's entity kinds once instead of walking its prototype chain on every call.
 * What it answers must not change: an instance of the class or a subclass, or of a class from
 * another copy of drizzle that carries the same kind, is one; nothing else is (an object with
 * no prototype included, on which drizzle's own threw a TypeError).
 */
describe("drizzle's is(), as patched", () => {
  it("answers as drizzle's own: by class, by subclass and by the kind a copy of the class carries", async () => {
    const handle = currentDb();
    expect(is(handle.db, PgDatabase)).toBe(true);
    expect(is(handle.db, PgTransaction)).toBe(false);
    await handle.db.transaction(async (tx) => {
      expect(is(tx, PgTransaction)).toBe(true);
      expect(is(tx, PgDatabase)).toBe(true);
    });
    // A class from another copy of drizzle: not an instance, but the same kind up its chain.
    class CopiedSql {
      static readonly [entityKind] = "SQL";
    }
    class CopiedSubclass extends CopiedSql {}
    class Unrelated {
      static readonly [entityKind] = "Unrelated";
    }
    for (let i = 0; i < 3; i++) {
      expect(is(new CopiedSubclass(), SQL)).toBe(true);
      expect(is(new Unrelated(), SQL)).toBe(false);
      expect(is(new Date(), SQL)).toBe(false);
      expect(is(Object.create(null), SQL)).toBe(false);
      expect(is("text", SQL)).toBe(false);
      expect(is(null, SQL)).toBe(false);
    }
    expect(() => is({}, Date as never)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
