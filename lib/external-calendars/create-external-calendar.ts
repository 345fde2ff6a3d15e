import { and, count, eq } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Ctx } from "@/lib/context";
import { externalCalendars, type ExternalCalendarRow } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { validationFailed } from "@/lib/errors";
import { getStaffOrThrow } from "@/lib/staff/get-staff";
import { endpointUrlProblem } from "@/lib/webhooks/url-policy";
import { applyRead } from "./apply-read";
import { displayUrlOf, normalizeSourceUrl, sealCredentials, type SourceCredentials } from "./credentials";
import { FetchError } from "./fetch-url";
import { FeedError } from "./read-busy-intervals";
import { readSource } from "./read-source";
import { MAX_EXTERNAL_CALENDARS_PER_STAFF, type CreateExternalCalendarBody } from "./schemas";
import { syncWindowOf } from "./sync-window";

/**
 * Connects a calendar to another calendar. The source is read once before anything is
 * stored: an address that cannot be fetched or is not iCalendar, or a CalDAV login that
 * fails, is a 422 naming the cause, and nothing is kept.
 */
export async function createExternalCalendar({
  ctx,
  staffId,
  input,
}: {
  ctx: Ctx;
  staffId: string;
  input: CreateExternalCalendarBody;
}): Promise<ExternalCalendarRow> {
  await getStaffOrThrow(ctx.db, ctx.workspace.id, staffId);
  const [held] = await ctx.db
    .select({ n: count() })
    .from(externalCalendars)
    .where(and(eq(externalCalendars.staffId, staffId), eq(externalCalendars.workspaceId, ctx.workspace.id)));
  if ((held?.n ?? 0) >= MAX_EXTERNAL_CALENDARS_PER_STAFF) {
    throw validationFailed("url", `A calendar takes at most ${MAX_EXTERNAL_CALENDARS_PER_STAFF} external calendars.`);
  }
  const url = normalizeSourceUrl(input.url);
  const problem = endpointUrlProblem(url, { devTools: getConfig().devTools });
  if (problem) throw validationFailed("url", `url ${problem}.`);
  const credentials: SourceCredentials = input.kind === "caldav" ? { url, username: input.username, password: input.password } : { url };

  const now = ctx.clock.now();
  const window = await syncWindowOf(ctx.db, ctx.workspace, now);
  let read;
  try {
    read = await readSource(input.kind, credentials, { etag: null, lastModified: null }, window);
  } catch (error) {
    if (error instanceof FetchError) throw validationFailed(error.param, error.message);
    if (error instanceof FeedError) throw validationFailed("url", error.message);
    throw error;
  }
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(externalCalendars)
      .values({
        workspaceId: ctx.workspace.id,
        staffId,
        kind: input.kind,
        displayUrl: displayUrlOf(url),
        name: input.name ?? null,
        credentialsSealed: sealCredentials(credentials),
        writeBack: input.kind === "caldav" ? (input.write_back ?? false) : false,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("external calendar insert returned no row");
    return applyRead(tx, row, read, now);
  });
}
