import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/waitlist";
import { joinWaitlist } from "@/lib/waitlist/join-waitlist";
import { listWaitlistEntries } from "@/lib/waitlist/read-entries";
import { toWaitlistEntry } from "@/lib/waitlist/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/waitlist – the workspace's waitlist entries in line order, a page at a time (SK)
  GET: route(op.listWaitlist, async ({ ctx, query }) => {
    const page = await listWaitlistEntries({ ctx, query });
    return { ...page, data: page.data.map(({ row, position }) => toWaitlistEntry(row, { timezone: ctx.workspace.timezone, position })) };
  }),
  // POST /v1/waitlist – join the waitlist of a full class session (SK, PK)
  POST: route(op.joinWaitlist, async ({ ctx, body }) => {
    const { row, position } = await joinWaitlist({ ctx, input: body });
    return toWaitlistEntry(row, { timezone: ctx.workspace.timezone, position });
  }),
});
