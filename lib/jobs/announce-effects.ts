import type { AfterCommitEffect } from "@/lib/db/after-commit-effects";
import { isInngestEnabled } from "./inngest-client";
import { sendEffectsToInngest } from "./inngest-driver";

/**
 * The one after-commit announcer (registered at start by lib/context.ts with
 * setAfterCommitAnnouncer, lib/db/transaction.ts): hands a committed
 * transaction's effects to the background driver in charge. Inngest gets them as events
 * (its functions start at once); the in-process runner needs no telling: its next tick
 * finds the committed rows itself. Never throws: the rows are committed, and every kind
 * of work has a sweep that picks up what an announcement missed.
 */
export async function announceEffects(effects: AfterCommitEffect[]): Promise<void> {
  if (effects.length === 0 || !isInngestEnabled()) return;
  await sendEffectsToInngest(effects);
}
