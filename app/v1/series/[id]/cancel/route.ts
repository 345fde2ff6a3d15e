import { cancelSeries } from "@/lib/bookings/cancel-series";
import { toBookingSeries } from "@/lib/bookings/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/series";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/series/{id}/cancel – cancel every occurrence of a series not yet started (SK)
  POST: route(op.cancelSeries, async ({ ctx, params, body }) => {
    const series = await cancelSeries({ ctx, input: { seriesId: params.id, reason: body.reason, refund: body.refund } });
    return toBookingSeries(series, { timezone: ctx.workspace.timezone, now: ctx.clock.now() });
  }),
});
