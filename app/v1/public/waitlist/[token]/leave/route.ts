import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/waitlist";
import { leaveWaitlistByToken } from "@/lib/waitlist/respond-to-offer";
import { toPublicWaitlistEntry } from "@/lib/waitlist/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/public/waitlist/{token}/leave – leave the waitlist through its email link (token)
  POST: route(op.leaveWaitlistByToken, async ({ ctx, params }) => toPublicWaitlistEntry(ctx.db, await leaveWaitlistByToken({ ctx, token: params.token }))),
});
