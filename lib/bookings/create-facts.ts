import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { oncePerHandle } from "@/lib/db/once-per-handle";
import { accounts, questions, services, type AccountRow, type QuestionRow, type ServiceRow } from "@/lib/db/schema";
import { billingPeriod } from "@/lib/plans/billing-period";
import { bookingVolume } from "./booking-volume";

/** What a create checks its body against, and the account facts it checks after the slot. */
export type CreateFacts = {
  service: ServiceRow | undefined;
  questions: QuestionRow[];
  plan: Pick<AccountRow, "plan" | "planStep">;
  /** Bookings the account's workspaces created this billing period (lib/bookings/booking-volume.ts). */
  volume: number;
};

/**
 * One statement: the service, the workspace's questions, the account's plan and its bookings
 * this billing period. Built once per database handle (building this select of two whole
 * rows and a count cost more CPU than answering it, on every create); the database plans it
 * once (a named statement on PostgreSQL, lib/db/statement-cache.ts on PGlite).
 */
export async function loadCreateFacts(db: Db, scope: { workspaceId: string; accountId: string; serviceId: string; now: Date }): Promise<CreateFacts> {
  const period = billingPeriod(scope.now);
  const rows = await preparedFor(db).execute({
    serviceId: scope.serviceId,
    workspaceId: scope.workspaceId,
    accountId: scope.accountId,
    period: period.start.toISOString().slice(0, 10),
  });
  return {
    service: rows[0]?.service,
    questions: rows.flatMap((row) => (row.question ? [row.question] : [])),
    plan: { plan: rows[0]?.plan ?? "", planStep: rows[0]?.planStep ?? 0 } as CreateFacts["plan"],
    volume: Number(rows[0]?.volume ?? 0),
  };
}

function prepare(db: Db) {
  const accountId = sql.placeholder("accountId");
  const volume = bookingVolume(db, { accountId, period: sql.placeholder("period") });
  return db
    .select({ service: services, question: questions, plan: accounts.plan, planStep: accounts.planStep, volume })
    .from(services)
    .innerJoin(accounts, eq(accounts.id, accountId))
    .leftJoin(questions, eq(questions.workspaceId, services.workspaceId))
    .where(and(eq(services.id, sql.placeholder("serviceId")), eq(services.workspaceId, sql.placeholder("workspaceId"))))
    .prepare("create_booking_facts");
}

const preparedFor = oncePerHandle(prepare);
