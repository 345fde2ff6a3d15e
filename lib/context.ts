import { randomUUID } from "node:crypto";
import { getDb, type Db } from "@/lib/db/client";
import type { AccountRow, WorkspaceRow } from "@/lib/db/schema";
import { setAfterCommitAnnouncer } from "@/lib/db/transaction";
import { announceEffects } from "@/lib/jobs/announce-effects";
import type { CommitRecorder, IdempotencyRecorder } from "@/lib/db/transaction";
import { loadClock, type Clock } from "@/lib/time/clock";

// Committed effects go to the background driver. Registered here, in the module every caller
// takes its context from (routes, pages, jobs, the runner), so lib/db never imports lib/jobs
// (docs/architecture.md#after-commit-work).
setAfterCommitAnnouncer(announceEffects);

/**
 * Who acts. Keys come from lib/http (the bearer token), a customer from a manage token
 * (lib/customer-links), the system from a background job. Verbs branch on `actor.type`,
 * never on where the call came from.
 */
export type KeyActor = { type: "sk" | "pk"; keyId: string };
/**
 * A member signed in to the console (docs/console.md): they act with a secret key's powers
 * (`type: "sk"`, so every verb applies the business's rules, not the customer's), and are
 * named in the audit log by their email.
 */
export type MemberActor = { type: "sk"; member: { id: string; email: string; role: "owner" | "staff" } };
export type AccountActor = { type: "ak"; keyId: string };
export type CustomerActor = { type: "customer"; bookingId: string };
export type SystemActor = { type: "system"; job: string };
export type PublicActor = { type: "public" };
export type Actor = KeyActor | MemberActor | AccountActor | CustomerActor | SystemActor | PublicActor;

/** The actors that act inside one workspace. */
export type WorkspaceActor = KeyActor | MemberActor | CustomerActor | SystemActor;

/**
 * What every caller has: the database, the one clock, and an id for the logs; a request sent
 * with an Idempotency-Key also carries its recorder, and an audited write its audit row's, which
 * the work's transaction writes (lib/db/transaction.ts, docs/idempotency.md, docs/console.md#audit-log).
 */
export type BaseContext = { db: Db; clock: Clock; requestId: string; idempotency?: IdempotencyRecorder; audit?: CommitRecorder };

/**
 * What every workspace verb takes (`{ ctx, input }`). Domain code depends on this module,
 * never on lib/http: the transport builds the context, the verb only reads it.
 */
export type ServiceContext<A extends WorkspaceActor = WorkspaceActor> = BaseContext & { workspace: WorkspaceRow; actor: A };
/**
 * The one context type a workspace verb takes when it reads only the database, its workspace
 * and the clock: a full ServiceContext (a request's, a job's) is one, and so is a test's
 * `{ db, workspace, clock }`. A verb that needs the actor (create-booking) or an account names
 * its Pick itself.
 */
export type Ctx = Pick<ServiceContext, "db" | "workspace" | "clock">;
export type AccountContext = BaseContext & { account: AccountRow; actor: AccountActor };
export type PublicContext = BaseContext & { actor: PublicActor };
/** Background work that sweeps across workspaces acts as the system, with no workspace of its own. */
export type JobContext = BaseContext & { actor: SystemActor };

/**
 * One kind of background work that the in-process runner (and the Inngest cron backstop)
 * sweeps: it claims due rows with FOR UPDATE SKIP LOCKED, runs one domain step for each, and
 * returns how many it processed. Declared here, beside JobContext, so a domain that sweeps
 * (payments, the outbox) names it without importing lib/jobs, which lists every sweep in
 * lib/jobs/sweeps.ts; an event job's sweep sits beside its definition (lib/jobs/definitions).
 */
export type DueWorkSweep = {
  name: string;
  run: (ctx: JobContext, options: { limit: number }) => Promise<number>;
};

/** Requests carry `req_…` (lib/http), background runs `job_…`, server-rendered pages `page_…`. */
export function newRequestId(prefix: "req" | "job" | "page" = "req"): string {
  return `${prefix}_${randomUUID().replaceAll("-", "")}`;
}

/**
 * The app's database and its one clock, for a caller that starts from nothing: a page, the
 * Stripe webhook, a job step. Transports and pages take their context from here, never from lib/db.
 */
export async function loadBaseContext(prefix: "req" | "job" | "page"): Promise<BaseContext> {
  const db = await getDb();
  return { db, clock: await loadClock(db), requestId: newRequestId(prefix) };
}

/** What a background job (Inngest or the in-process runner) runs its domain step with. */
export function jobContext(base: Pick<BaseContext, "db" | "clock">, job: string): JobContext {
  return { ...base, requestId: newRequestId("job"), actor: { type: "system", job } };
}
