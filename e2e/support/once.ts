/**
 * The mark of a browser test whose result cannot depend on the database of the pass: it looks at
 * pages (axe, screenshots, languages, brand, right to left, docs), at HTTP below our kernel, or it
 * starts a world of its own that is the same on every pass (the race specs' own PostgreSQL
 * database, a server of its own on a fresh embedded one). `npm test` runs every test; CI's second
 * database pass (PostgreSQL) leaves the marked ones out (`playwright test --grep-invert @once`),
 * since they already ran, unchanged, in the first. An unmarked test runs on both databases, so a
 * new spec is safe by default: mark a test only when nothing in it reads or writes the pass's
 * database in a way the two drivers could answer differently (docs/operations.md#ci).
 */
export const ONCE = { tag: "@once" } as const;
