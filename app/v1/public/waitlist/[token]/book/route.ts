import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/waitlist";
import { bookWaitlistOffer } from "@/lib/waitlist/respond-to-offer";
import { toPublicWaitlistEntry } from "@/lib/waitlist/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/public/waitlist/{token}/book – book the seat offered to the entry (token)
  POST: route(op.bookWaitlistOffer, async ({ ctx, params }) => toPublicWaitlistEntry(ctx.db, await bookWaitlistOffer({ ctx, token: params.token }))),
});
