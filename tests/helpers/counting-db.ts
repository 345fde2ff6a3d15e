import type { Db } from "@/lib/db/client";

/** The database handle with every select counted (each select builder is one query). */
export function countingDb(db: Db): { db: Db; queries: () => number } {
  let queries = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "select" && typeof value === "function") {
        return (...args: unknown[]) => {
          queries++;
          return value.apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: proxy, queries: () => queries };
}
