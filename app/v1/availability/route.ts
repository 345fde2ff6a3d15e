import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/availability";
import { parseInstant } from "@/lib/time/zoned";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/availability – open slots of a service over [from, to), grouped by calendar (SK, PK)
  GET: route(op.getAvailability, async ({ ctx, query }) => {
    const body = await getAvailabilityJson({
      ctx,
      input: { serviceId: query.service_id, from: parseInstant(query.from), to: parseInstant(query.to), excludeBookingId: query.exclude_booking_id },
    });
    // Already JSON bytes, cut from a kept slot table (see lib/availability/answer-cache.ts).
    // Handed over as a one-chunk stream: `new Response(bytes)` copies them again (a megabyte
    // for a busy 62-day answer); a default stream passes the bytes as they are.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body);
        controller.close();
      },
    });
    return new Response(stream, { headers: { "Content-Type": "application/json" } });
  }),
});
