import type { ServiceContext } from "@/lib/context";
import { timeOff, type TimeOffRow } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import { parseInstant } from "@/lib/time/zoned";
import { getStaffOrThrow } from "./get-staff";
import type { CreateTimeOffBody } from "./schemas";

/**
 * A period the calendar offers no slots. Bookings already inside it are left alone (the
 * business decides what to do with them). Overlapping periods are allowed.
 */
export async function createTimeOff({
  ctx,
  staffId,
  input,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  staffId: string;
  input: CreateTimeOffBody;
}): Promise<TimeOffRow> {
  await getStaffOrThrow(ctx.db, ctx.workspace.id, staffId);
  const startsAt = parseInstant(input.starts_at);
  const endsAt = parseInstant(input.ends_at);
  if (endsAt.getTime() <= startsAt.getTime()) throw validationFailed("ends_at", "ends_at: must be after starts_at.");
  const [row] = await ctx.db
    .insert(timeOff)
    .values({ workspaceId: ctx.workspace.id, staffId, startsAt, endsAt, reason: input.reason ?? "", createdAt: ctx.clock.now() })
    .returning();
  return row!;
}
