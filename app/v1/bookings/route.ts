import { createBooking } from "@/lib/bookings/create-booking";
import { createSeries } from "@/lib/bookings/create-series";
import { listBookings } from "@/lib/bookings/list-bookings";
import { readCreatedBooking } from "@/lib/bookings/read-created-booking";
import { toBooking } from "@/lib/bookings/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/bookings – list bookings, newest first or by start with from/to, filtered (SK)
  GET: route(op.listBookings, async ({ ctx, query }) => {
    const view = { timezone: ctx.workspace.timezone, now: ctx.clock.now() };
    return listBookings({ ctx, query, serialize: ({ row, answers, customer }) => toBooking(row, { ...view, answers, customer }) });
  }),
  // POST /v1/bookings – create a booking (SK, PK); a repeated Idempotency-Key answers from the booking made
  POST: route(
    op.createBooking,
    async ({ ctx, body }) => {
      // With `repeat`: a series, all or nothing (docs/series-and-waitlists.md).
      const create = body.repeat ? createSeries({ ctx, input: body, repeat: body.repeat }) : createBooking({ ctx, input: body });
      const { booking, accessToken, payment, answers, series } = await create;
      return toBooking(booking, { timezone: ctx.workspace.timezone, now: ctx.clock.now(), accessToken, payment, answers, series });
    },
    {
      resume: async ({ ctx, resourceId }) => {
        const { booking, accessToken, payment, answers, series } = await readCreatedBooking({ ctx, id: resourceId });
        return toBooking(booking, { timezone: ctx.workspace.timezone, now: ctx.clock.now(), accessToken, payment, answers, series });
      },
    },
  ),
});
