import type { AvailabilityRevision } from "@/lib/availability/revision";
import type { Db } from "@/lib/db/client";
import type { AccountRow, WorkspaceRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import { authenticateKey, touchKey } from "@/lib/api-keys/authenticate-key";
import { getConfig } from "@/lib/config";
import type { AuthKind } from "@/lib/openapi/operation";
import type { AccountActor, KeyActor, PublicActor } from "@/lib/context";
import { loadClock, offsetClock, systemClock, type Clock } from "@/lib/time/clock";
import { logError } from "@/lib/log/logger";

/**
 * Who calls, and the app's clock as that same statement read it. A workspace key also
 * brings its workspace's availability revision (read before anything else the request reads).
 */
export type Authenticated = { clock: Clock } & (
  | { kind: "workspace"; workspace: WorkspaceRow; availabilityRevision: AvailabilityRevision; actor: KeyActor }
  | { kind: "account"; account: AccountRow; actor: AccountActor }
  | { kind: "public"; actor: PublicActor }
);

const unauthorized = () => new DomainError("unauthorized", "Send a valid API key as a bearer token in the Authorization header.");

/**
 * Authentication fails closed: when the database cannot say whether a key is live, the answer
 * is 503 (retry), never 401 or 403, which would tell an integrator its valid key is bad.
 */
function databaseUnavailable(error: unknown): Error {
  if (error instanceof DomainError) return error;
  logError("authentication could not read the database", error);
  return new DomainError("transient_failure", "The service could not check your key just now. Retry the request.");
}

export function readBearer(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * The spec's authentication rules 1–4 and 6: key → live key row, key type → route, and the
 * publishable key's Origin check (the app's own origin is always accepted). A key request
 * reads the key, its workspace, the dev clock and the availability revision in one statement.
 */
export async function authenticate(db: Db, request: Request, auth: AuthKind): Promise<Authenticated> {
  if (auth === "public") return { kind: "public", clock: await loadClock(db), actor: { type: "public" } };
  const value = readBearer(request);
  if (!value) throw unauthorized();
  const devTools = getConfig().devTools;
  const found = await authenticateKey(db, value, { withClockOffset: devTools }).catch((error: unknown) => {
    throw databaseUnavailable(error);
  });
  if (!found) throw unauthorized();
  const clock = devTools ? offsetClock(found.offsetMs ?? 0) : systemClock;
  const now = clock.now();

  if (found.kind === "account") {
    if (auth !== "ak") throw new DomainError("forbidden", "Account keys only reach the /v1/account routes.");
    await touchKey(db, found, now);
    return { kind: "account", clock, account: found.account, actor: { type: "ak", keyId: found.keyId } };
  }
  const type = found.key.type;
  if (type === "pk" && auth !== "sk_pk") {
    throw new DomainError("secret_key_required", "This route needs a secret key; publishable keys reach availability, booking creation and verification only.");
  }
  if (auth === "ak") throw new DomainError("forbidden", "The /v1/account routes need an account key.");
  if (type === "pk") assertOriginAllowed(request, found.key.allowedOrigins);
  await touchKey(db, found, now);
  return { kind: "workspace", clock, workspace: found.workspace, availabilityRevision: found.availabilityRevision, actor: { type, keyId: found.key.id } };
}

/** Rule 2: only requests that carry an Origin are checked; an empty list rejects every browser Origin. */
function assertOriginAllowed(request: Request, allowedOrigins: string[]): void {
  const origin = request.headers.get("origin");
  if (origin === null) return;
  if (getConfig().ownOrigins.includes(origin) || allowedOrigins.includes(origin)) return;
  throw new DomainError("origin_not_allowed", `The Origin ${origin} is not on this publishable key's allowed_origins.`);
}
