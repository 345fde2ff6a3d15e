/**
 * Browser tests whose result cannot depend on the database of the pass. `npm test` runs every
 * test; CI's second database pass (PostgreSQL, `E2E_SECOND_PASS=1`) leaves these out, since they
 * already ran, unchanged, in the first (docs/operations.md#ci).
 *
 * PGlite is PostgreSQL itself compiled to WebAssembly: the same planner, constraints, locks and
 * SQL. What the two passes can answer differently is the part around it: a pool of connections
 * taken at once (concurrency), sockets to a server that outlives ours (crashes), timing. The unit
 * and API suite runs whole on both, so every domain verb meets PostgreSQL there; a browser test
 * earns its second pass only when it drives those differences through the pages or the process.
 */
export const ONCE = { tag: "@once" } as const;

/**
 * Spec files that run once as a whole: they walk pages (axe, screenshots, words, layout,
 * languages, brand, docs), HTTP below our kernel, or a world of their own that is the same on
 * every pass (a server of its own on a fresh embedded database). Every other spec runs on both
 * databases, so a new spec is covered twice until someone decides otherwise. Kept on both:
 * the crash spec (SIGKILL with the pool's sockets open), the booking-attempt and hold specs
 * (hurried clicks and reloads racing one booking), and the basic booking walk.
 */
export const ONCE_SPECS = [
  "business-notifications.spec.ts",
  "calendar.spec.ts",
  "console-setup.spec.ts",
  "console.spec.ts",
  "console-settings.spec.ts",
  "embed.spec.ts",
  "errors.spec.ts",
  "fuzz.spec.ts",
  "group-sessions.spec.ts",
  "journey-flow-details.spec.ts",
  "journey-flow.spec.ts",
  "journey-manage.spec.ts",
  "manage.spec.ts",
  "observability.spec.ts",
  "reschedule-window.spec.ts",
  "resend-code.spec.ts",
  "series.spec.ts",
];
