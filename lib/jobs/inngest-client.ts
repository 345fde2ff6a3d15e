import { Inngest } from "inngest";
import { getConfig } from "@/lib/config";

/**
 * The Inngest client. Keys, dev mode and base URL come from the standard INNGEST_* variables
 * (docs/decisions.md#settings); when none is set, Inngest is off and the in-process runner does the work.
 */
export const inngest = new Inngest({ id: "booking-platform" });

export function isInngestEnabled(): boolean {
  return getConfig().inngest.enabled;
}
