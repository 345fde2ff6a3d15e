import { and, asc, eq, inArray } from "drizzle-orm";
import { members, workspaces, type MemberRow, type WorkspaceRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { BaseContext, MemberActor, ServiceContext } from "@/lib/context";
import { newAuditRecorder } from "@/lib/audit/audit-recorder";
import { recordMemberWrite, type AuditTarget } from "@/lib/audit/record-audit-event";
import { findSession } from "./sign-in";

export type ConsoleAccess = {
  sessionId: string;
  email: string;
  member: MemberRow;
  workspace: WorkspaceRow;
  /** Every workspace this person may open, for the switcher. */
  workspaces: Pick<WorkspaceRow, "id" | "name">[];
};

/**
 * Who is signed in and which workspace they open (docs/console.md). Null when the session is
 * not live. A workspace outside the person's accounts is simply not found (404), as the API
 * answers another workspace's record.
 */
export async function openConsole({
  ctx,
  token,
  workspaceId,
}: {
  ctx: BaseContext;
  token: string | undefined;
  workspaceId?: string;
}): Promise<ConsoleAccess | null> {
  if (!token) return null;
  const session = await findSession({ ctx, token });
  if (!session) return null;
  const memberships = await ctx.db.select().from(members).where(eq(members.email, session.email));
  if (memberships.length === 0) return null;
  const open = await ctx.db
    .select()
    .from(workspaces)
    .where(
      and(
        inArray(
          workspaces.accountId,
          memberships.map((m) => m.accountId),
        ),
        eq(workspaces.active, true),
      ),
    )
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  const workspace = workspaceId === undefined ? open[0] : open.find((w) => w.id === workspaceId);
  if (!workspace) throw notFound("workspace");
  const member = memberships.find((m) => m.accountId === workspace.accountId);
  if (!member) throw notFound("workspace");
  return { sessionId: session.id, email: session.email, member, workspace, workspaces: open.map(({ id, name }) => ({ id, name })) };
}

/** The context a console page or action calls the API's verbs with: the member acts, with a secret key's powers. */
export function memberContext(base: BaseContext, access: ConsoleAccess): ServiceContext<MemberActor> {
  return { ...base, workspace: access.workspace, actor: { type: "sk", member: { id: access.member.id, email: access.email, role: access.member.role } } };
}

/**
 * A console write: the verb, with its line in the audit log and the member as the actor
 * (docs/console.md#audit-log). The row rides on the context the verb is handed into its
 * transaction and commits with the write; a write whose target is only known from its answer
 * (a create), or a `write` that ignores the context it is handed, records it after the verb:
 * always call the verb with that context (`(acting) => cancelBooking({ ctx: acting, … })`).
 */
export async function actAsMember<T>(
  ctx: ServiceContext<MemberActor>,
  target: AuditTarget,
  write: (ctx: ServiceContext<MemberActor>) => Promise<T>,
  idOf?: (result: T) => string,
): Promise<T> {
  const recorder = newAuditRecorder({
    targetId: idOf ? null : target.targetId,
    write: (db, targetId) =>
      recordMemberWrite(db, {
        ...target,
        targetId,
        accountId: ctx.workspace.accountId,
        workspaceId: ctx.workspace.id,
        email: ctx.actor.member.email,
        now: ctx.clock.now(),
      }),
  });
  const result = await write({ ...ctx, audit: recorder });
  await recorder.finish(ctx.db, idOf ? idOf(result) : target.targetId);
  return result;
}
