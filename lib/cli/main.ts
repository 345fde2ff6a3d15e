import { parseArgs } from "node:util";
import { z } from "zod";
import { createAccount, mintAccountKey, setAccountPlan } from "@/lib/accounts/create-account";
import { ConfigError } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { EmbeddedDatabaseInUseError } from "@/lib/db/embedded-lock";
import { DomainError } from "@/lib/errors";
import { PlanNameSchema } from "@/lib/plans/catalog";
import { ensureDemoWorkspace } from "./demo";
import { addMember } from "@/lib/members/manage-members";
import { toMember } from "@/lib/members/serialize";
import { Email } from "@/lib/schemas";
import { systemClock } from "@/lib/time/clock";
import { newRequestId } from "@/lib/context";
import { openAppDb } from "./open-app-db";

/**
 * `npm run -s cli -- <command>`: one JSON line on success; a clear message on stderr and a
 * non-zero exit otherwise (docs/decisions.md#command-line).
 */
const USAGE = `Usage:
  account create --name N [--plan free|starter|pro] [--plan-step S] [--owner-email E]
  account member add --account ID --email E --role owner|staff
  account key --account ID
  account plan --account ID --plan P --plan-step S
  demo`;

class UsageError extends Error {}

const AccountId = z.uuid({ message: "--account must be an account id (uuid)" });

const MemberRole = z.enum(["owner", "staff"], { message: "--role must be owner or staff" });

/** The members verbs act on one account; the operator at the command line is trusted like an account key. */
function cliContext(db: Db, accountId: string) {
  return { db, clock: systemClock, requestId: newRequestId("job"), account: { id: accountId } };
}

const PlanStep = z.coerce.number({ message: "--plan-step must be a whole number" }).int().min(1);

async function run(argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      plan: { type: "string" },
      "plan-step": { type: "string" },
      account: { type: "string" },
      "owner-email": { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
    },
  });
  const command = positionals.join(" ");
  if (!["account create", "account key", "account plan", "account member add", "demo"].includes(command)) throw new UsageError(USAGE);

  const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const result = schema.safeParse(value);
    if (!result.success) throw new UsageError(result.error.issues[0]!.message);
    return result.data;
  };

  // Validate every argument before touching the database.
  const task = ((): ((db: Db) => Promise<unknown>) => {
    if (command === "account create") {
      const name = parse(z.string({ message: "--name is required" }).trim().min(1, "--name is required"), values.name);
      const plan = parse(PlanNameSchema, values.plan ?? "free");
      const planStep = parse(PlanStep, values["plan-step"] ?? "1");
      const ownerEmail = values["owner-email"] === undefined ? undefined : parse(Email, values["owner-email"]);
      return async (db) => {
        const { account, accountKey } = await createAccount(db, { name, plan, planStep });
        const owner = ownerEmail ? await addMember({ ctx: cliContext(db, account.id), input: { email: ownerEmail, role: "owner" } }) : undefined;
        return {
          id: account.id,
          name: account.name,
          plan: account.plan,
          plan_step: account.planStep,
          account_key: accountKey,
          ...(owner ? { owner: toMember(owner) } : {}),
        };
      };
    }
    if (command === "account member add") {
      const accountId = parse(AccountId, values.account);
      const email = parse(Email, values.email);
      const role = parse(MemberRole, values.role);
      return async (db) => toMember(await addMember({ ctx: cliContext(db, accountId), input: { email, role } }));
    }
    if (command === "account key") {
      const accountId = parse(AccountId, values.account);
      return async (db) => ({ account_id: accountId, account_key: await mintAccountKey(db, accountId) });
    }
    if (command === "account plan") {
      const accountId = parse(AccountId, values.account);
      const plan = parse(PlanNameSchema, values.plan);
      const planStep = parse(PlanStep, values["plan-step"]);
      return async (db) => {
        const account = await setAccountPlan(db, { accountId, plan, planStep });
        return { id: account.id, name: account.name, plan: account.plan, plan_step: account.planStep };
      };
    }
    return ensureDemoWorkspace;
  })();

  const handle = await openAppDb();
  try {
    return await task(handle.db);
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof ConfigError || error instanceof EmbeddedDatabaseInUseError;
    const message =
      error instanceof DomainError ? `${error.type}: ${error.message}` : known ? (error as Error).message : `Unexpected error: ${describe(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);

function describe(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${(error as Error).message.split("\n")[0]} (${cause.message})` : String(error);
}
