import { LRUCache } from "lru-cache";

/**
 * The one cache: every value this instance keeps between requests lives in one of these
 * (docs/architecture.md#caches). An entry answers under one rule:
 *
 * 1. **Revision**: it was built from data read after the revision it carries was read, and
 *    the caller has just read the same revision again (before any data). Revisions move in
 *    the transaction that changes the data, so equal revisions mean the data are unchanged.
 * 2. **Clock bound**: the clock is inside [validFromMs, validUntilMs): what the value depends
 *    on besides the data (a hold that lapses, a minute boundary) has not moved.
 * 3. **Size bound**: least recently used entries leave once the namespace holds `maxBytes`.
 *
 * Correctness never depends on a hit: each instance has its own entries, and whatever a cache
 * leaves out is computed again from the database.
 */
export type CacheEntry<V> = { value: V; revision: string; validFromMs: number; validUntilMs: number };

export type CacheOptions<V> = {
  /** The namespace's bound in bytes, with `sizeOf` estimating an entry's. */
  maxBytes: number;
  sizeOf: (value: V, key: string) => number;
  /** An optional bound on the number of entries too. */
  maxEntries?: number;
};

/**
 * The revision and clock bound of an entry whose key names exactly what it holds (the key
 * changes whenever the value would: compressed bytes named by the bytes' name, CSS named by its
 * inputs): rules 1 and 2 always hold for it, only the size bound removes it.
 */
export const NAMED_BY_KEY = { revision: "named by its key", validFromMs: -Infinity, validUntilMs: Infinity } as const;

/** Whether an entry answers for `revision` at `nowMs` (rules 1 and 2). */
export function isFresh(entry: Pick<CacheEntry<unknown>, "revision" | "validFromMs" | "validUntilMs">, revision: string, nowMs: number): boolean {
  return entry.revision === revision && entry.validFromMs <= nowMs && nowMs < entry.validUntilMs;
}

export class Cache<V> {
  readonly #entries: LRUCache<string, CacheEntry<V>>;

  constructor(options: CacheOptions<V>) {
    this.#entries = new LRUCache<string, CacheEntry<V>>({
      maxSize: options.maxBytes,
      ...(options.maxEntries === undefined ? {} : { max: options.maxEntries }),
      sizeCalculation: (entry, key) => Math.max(1, options.sizeOf(entry.value, key)),
    });
  }

  /** The value under `key` when it is fresh for `revision` at `nowMs`; else undefined. */
  get(key: string, revision: string, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    return entry !== undefined && isFresh(entry, revision, nowMs) ? entry.value : undefined;
  }

  /**
   * The entry under `key` whatever its freshness, for a caller that renews only the stale
   * parts of a value (each part under the same rule, see isFresh); never served as it is.
   */
  peek(key: string): CacheEntry<V> | undefined {
    return this.#entries.get(key);
  }

  /** Stores a value; one whose clock bound is already empty is not stored. */
  set(key: string, entry: CacheEntry<V>): void {
    if (entry.validUntilMs <= entry.validFromMs) return;
    this.#entries.set(key, entry);
  }
}

/**
 * A pure function of a string, its answers kept in the one cache under the key they are a
 * function of (NAMED_BY_KEY: only the size bound removes them). For facts a page or a message
 * asks for on every request and that cost far more to work out than to look up: a brand's
 * palette, a locale's clock, a zone's canonical name.
 */
export function memoized<V>(options: CacheOptions<V>, compute: (key: string) => V): (key: string) => V {
  const kept = new Cache<V>(options);
  return (key) => {
    const known = kept.get(key, NAMED_BY_KEY.revision, 0);
    if (known !== undefined) return known;
    const value = compute(key);
    kept.set(key, { value, ...NAMED_BY_KEY });
    return value;
  };
}
