import { and, eq } from "drizzle-orm";
import { outboxMessages } from "@/lib/db/schema";
import { pageClauses, toPage, type Page, type PageResult } from "@/lib/db/pagination";
import type { ServiceContext } from "@/lib/context";
import type { ListMessagesQuery, Message } from "./schemas";
import { toMessage } from "./serialize-message";

type Ctx = Pick<ServiceContext, "db" | "workspace">;

/** docs/decisions.md#delivery-failures: the workspace's emails and SMS, newest first, filtered; never their bodies. */
export async function listMessages({
  ctx,
  page,
  filters,
}: {
  ctx: Ctx;
  page: Page;
  filters: Pick<ListMessagesQuery, "status" | "booking_id" | "channel">;
}): Promise<PageResult<Message>> {
  const { where, orderBy } = pageClauses({ createdAt: outboxMessages.createdAt, id: outboxMessages.id }, page);
  const rows = await ctx.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.workspaceId, ctx.workspace.id),
        filters.status === undefined ? undefined : eq(outboxMessages.status, filters.status),
        filters.booking_id === undefined ? undefined : eq(outboxMessages.bookingId, filters.booking_id),
        filters.channel === undefined ? undefined : eq(outboxMessages.channel, filters.channel),
        where,
      ),
    )
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  return toPage(rows, page, toMessage);
}
