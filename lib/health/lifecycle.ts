import { processSlot } from "@/lib/process-state";

/**
 * Whether this instance is draining (SIGTERM received, docs/deploy.md "Stopping an instance"):
 * one per process (lib/process-state.ts); the server's shutdown (lib/http/shutdown.ts) sets
 * it, /healthz and /readyz read it.
 */
const state = processSlot<{ draining: boolean }>("lifecycle", () => ({ draining: false }));

export function isDraining(): boolean {
  return state.draining;
}

export function setDraining(draining: boolean): void {
  state.draining = draining;
}
