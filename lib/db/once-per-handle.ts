import type { Db } from "./client";

/**
 * Statements built once per database handle: `build` runs on a handle's first call and its
 * result is kept as long as the handle lives.
 */
export function oncePerHandle<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (statements === undefined) built.set(db, (statements = build(db)));
    return statements;
  };
}
