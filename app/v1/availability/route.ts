import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/availability";
import { parseInstant } from "@/lib/time/zoned";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/availability – open slots of a service over [from, to), grouped by calendar (SK, PK)
  GET: route(op.getAvailability, async ({ ctx, query }) => {
    const pieces = await getAvailabilityJson({
      ctx,
      input: { serviceId: query.service_id, from: parseInstant(query.from), to: parseInstant(query.to), excludeBookingId: query.exclude_booking_id },
    });
    // Already JSON bytes: views into a kept slot table (see lib/availability/answer-cache.ts),
    // about 20 pieces for a busy 62-day answer. Handed over as a stream of those pieces: joining
    // them, or `new Response(bytes)`, would copy a megabyte per answer (and its garbage
    // collection); a default stream passes each piece as it is.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    return new Response(stream, { headers: { "Content-Type": "application/json" } });
  }),
});
