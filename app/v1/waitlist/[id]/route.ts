import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/waitlist";
import { getWaitlistEntry } from "@/lib/waitlist/read-entries";
import { toWaitlistEntry } from "@/lib/waitlist/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/waitlist/{id} – one waitlist entry with its position (SK)
  GET: route(op.getWaitlistEntry, async ({ ctx, params }) => {
    const { row, position } = await getWaitlistEntry({ ctx, id: params.id });
    return toWaitlistEntry(row, { timezone: ctx.workspace.timezone, position });
  }),
});
