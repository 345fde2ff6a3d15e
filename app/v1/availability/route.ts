import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { getSeriesAvailability } from "@/lib/availability/series-availability";
import { encodedAnswerResponse } from "@/lib/http/encoded-answers";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/availability";
import { parseInstant } from "@/lib/time/zoned";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/availability – open slots of a service over [from, to), grouped by calendar (SK, PK)
  GET: route(op.getAvailability, async ({ ctx, query, request }) => {
    const input = { serviceId: query.service_id, from: parseInstant(query.from), to: parseInstant(query.to), excludeBookingId: query.exclude_booking_id };
    // Only starts where a whole series fits (docs/series-and-waitlists.md).
    if (query.repeat_every !== undefined || query.repeat_count !== undefined) {
      return getSeriesAvailability({ ctx, input, repeat: { every: query.repeat_every, count: query.repeat_count } });
    }
    const answer = await getAvailabilityJson({ ctx, input });
    // Already JSON bytes (views into a kept slot table), compressed once per encoding and kept.
    return encodedAnswerResponse(request, answer, { "Content-Type": "application/json" });
  }),
});
