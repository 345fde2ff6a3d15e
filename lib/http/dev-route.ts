import { getConfig } from "@/lib/config";
import { getDb, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { loadClock, type Clock } from "@/lib/time/clock";
import { errorResponse, INTERNAL_ERROR } from "./envelope";
import { logError } from "@/lib/log/logger";

export type DevHandler = (input: { db: Db; clock: Clock; request: Request }) => Promise<Response>;

/**
 * A /dev route (docs/decisions.md#dev-tools): 404 in the API envelope unless dev tools are on, so nothing
 * about it is observable in production; domain errors map to the envelope like /v1.
 */
export function devRoute(handler: DevHandler): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!getConfig().devTools) return errorResponse(new DomainError("not_found", "No such route."), "none");
    try {
      const db = await getDb();
      const response = await handler({ db, clock: await loadClock(db), request });
      response.headers.set("Cache-Control", "no-store");
      return response;
    } catch (error) {
      if (error instanceof DomainError) return errorResponse(error, "none");
      logError("[dev] unhandled error", error);
      return errorResponse(INTERNAL_ERROR, "none");
    }
  };
}

/** Answers a method the /dev path does not serve (after the same dev-tools check). */
export function devMethodNotAllowed(allow: string[]): (request: Request) => Promise<Response> {
  return devRoute(async () =>
    errorResponse(new DomainError("method_not_allowed", `This path serves ${allow.join(", ")}.`), "none", { Allow: allow.join(", ") }),
  );
}
