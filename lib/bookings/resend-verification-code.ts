import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { bookings } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";
import { Uuid } from "@/lib/schemas";
import { isLiveHold, MAX_CODE_RESENDS } from "./holds";
import { newVerificationCode } from "./verification-code";
import { NIL_UUID, verificationFailed } from "./verify-booking";

export type CodeResent = { bookingId: string; holdExpiresAt: Date };

/**
 * POST /v1/bookings/{id}/resend-code (docs/decisions.md#verification-codes). A pending booking whose hold is live gets
 * a new code (the old one stops working: only the new hash is kept) and its 5 attempts back;
 * the hold keeps its expiry, so a resend never buys time. At most MAX_CODE_RESENDS per
 * booking. Every refusal (unknown or another workspace's booking, not pending, hold lapsed,
 * resends used up) is verify's one 422, so resending tells nothing verify does not.
 * The code's message is queued on the same transaction as the new hash.
 */
export async function resendVerificationCode({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<CodeResent> {
  const now = ctx.clock.now();
  const resent = await withTransaction(ctx, async (tx) => {
    // A malformed id does the same lookup as an unknown one, like verify.
    const lookupId = Uuid.safeParse(input.id).success ? input.id : NIL_UUID;
    const scope = and(eq(bookings.id, lookupId), eq(bookings.workspaceId, ctx.workspace.id));
    const [row] = await tx.select().from(bookings).where(scope).for("update");
    if (!row?.holdExpiresAt || row.status !== "pending" || !isLiveHold(row, now) || row.codeResends >= MAX_CODE_RESENDS) return undefined;
    const { code, codeHash } = newVerificationCode(row.id);
    await tx
      .update(bookings)
      .set({ codeHash, codeAttempts: 0, codeResends: sql`${bookings.codeResends} + 1`, updatedAt: now })
      .where(scope);
    await queueBookingMessages(tx, { kind: "verification_code", bookingId: row.id, code, now });
    return { bookingId: row.id, holdExpiresAt: row.holdExpiresAt };
  });
  if (!resent) throw verificationFailed();
  return resent;
}
