/**
 * The state one process shares across the copies of our modules: Next.js bundles a module once
 * per bundle (the server's, each route's), so a plain module variable would exist several times
 * over. Everything that must exist once per process (the database handle, the in-process
 * runner, whether the instance is draining, the logger, the request scopes) lives here, under
 * ONE `globalThis` key, each in a named slot that its own module owns and types.
 * Nothing correct depends on it beyond the process (docs/decisions.md#settings: instances are stateless).
 */
export type ProcessSlot = "db" | "runner" | "lifecycle" | "logger" | "requestLog" | "observability";

const KEY = "__booking";
const slots: Partial<Record<ProcessSlot, unknown>> = ((globalThis as { [KEY]?: Partial<Record<ProcessSlot, unknown>> })[KEY] ??= {});

/** The process's one value for `slot`, made by `create` the first time any copy asks. */
export function processSlot<T>(slot: ProcessSlot, create: () => T): T {
  if (!(slot in slots)) slots[slot] = create();
  return slots[slot] as T;
}
