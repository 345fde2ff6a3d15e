import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/waitlist";
import { leaveWaitlist } from "@/lib/waitlist/respond-to-offer";
import { toWaitlistEntry } from "@/lib/waitlist/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/waitlist/{id}/leave – take an entry off the waitlist; a held seat passes on (SK)
  POST: route(op.leaveWaitlist, async ({ ctx, params }) => {
    const { row, position } = await leaveWaitlist({ ctx, id: params.id });
    return toWaitlistEntry(row, { timezone: ctx.workspace.timezone, position });
  }),
});
