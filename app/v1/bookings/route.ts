import { createBooking } from "@/lib/bookings/create-booking";
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
      const { booking, accessToken, payment, answers } = await createBooking({ ctx, input: body });
      return toBooking(booking, { timezone: ctx.workspace.timezone, now: ctx.clock.now(), accessToken, payment, answers });
    },
    {
      resume: async ({ ctx, resourceId }) => {
        const { booking, accessToken, payment, answers } = await readCreatedBooking({ ctx, id: resourceId });
        return toBooking(booking, { timezone: ctx.workspace.timezone, now: ctx.clock.now(), accessToken, payment, answers });
      },
    },
  ),
});
