import { and, asc, eq, ne } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { consoleSessions, members, type MemberRow } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { conflict, notFound } from "@/lib/errors";
import type { BaseContext } from "@/lib/context";
import type { CreateMemberBody, UpdateMemberBody } from "./schemas";

/** What the members verbs need: the account they act on (an `ak_` key or an owner in the console). */
type Ctx = BaseContext & { account: { id: string } };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** GET /v1/account/members: oldest first. */
export async function listMembers({ ctx }: { ctx: Ctx }): Promise<MemberRow[]> {
  return ctx.db.select().from(members).where(eq(members.accountId, ctx.account.id)).orderBy(asc(members.createdAt), asc(members.id));
}

/** Adds a person to the account; the same email twice is a 409 conflict. */
export async function addMember({ ctx, input }: { ctx: Ctx; input: CreateMemberBody }): Promise<MemberRow> {
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(members)
      .values({ accountId: ctx.account.id, email: normalizeEmail(input.email), role: input.role, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("That email is already a member of this account.");
    return row;
  });
}

/** Changes a member's role; the last owner cannot be demoted (409 conflict). */
export async function updateMember({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateMemberBody }): Promise<MemberRow> {
  return withTransaction(ctx, async (tx) => {
    const member = await lockMemberOrThrow(tx, ctx.account.id, id);
    if (member.role === "owner" && input.role !== "owner") await assertAnotherOwner(tx, ctx.account.id, id);
    await tx.update(members).set({ role: input.role }).where(eq(members.id, id));
    return { ...member, role: input.role };
  });
}

/**
 * Removes a member and ends their console sessions at once; the last owner cannot be removed
 * (409 conflict). A session belongs to a person (an email): it is ended even when the person is
 * a member of another account too, who then signs in again (docs/console.md#sessions).
 */
export async function removeMember({ ctx, id }: { ctx: Ctx; id: string }): Promise<MemberRow> {
  return withTransaction(ctx, async (tx) => {
    const member = await lockMemberOrThrow(tx, ctx.account.id, id);
    if (member.role === "owner") await assertAnotherOwner(tx, ctx.account.id, id);
    await tx.delete(members).where(eq(members.id, id));
    await tx.delete(consoleSessions).where(eq(consoleSessions.email, member.email));
    return member;
  });
}

async function lockMemberOrThrow(tx: Queryable, accountId: string, id: string): Promise<MemberRow> {
  // Every owner row of the account is locked first, so two owners removing each other at once run one after the other.
  await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.role, "owner")))
    .for("update");
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, id)))
    .for("update");
  if (!row) throw notFound("member");
  return row;
}

async function assertAnotherOwner(tx: Queryable, accountId: string, id: string): Promise<void> {
  const others = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.role, "owner"), ne(members.id, id)))
    .limit(1);
  if (others.length === 0) throw conflict("An account keeps at least one owner: add or promote another owner first.");
}
