import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { encodedAnswerResponse } from "@/lib/http/encoded-answers";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/availability";
import { parseInstant } from "@/lib/time/zoned";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/availability – open slots of a service over [from, to), grouped by calendar (SK, PK)
  GET: route(op.getAvailability, async ({ ctx, query, request }) => {
    const answer = await getAvailabilityJson({
      ctx,
      input: { serviceId: query.service_id, from: parseInstant(query.from), to: parseInstant(query.to), excludeBookingId: query.exclude_booking_id },
    });
    // Already JSON bytes (views into a kept slot table), compressed once per encoding and kept.
    return encodedAnswerResponse(request, answer, { "Content-Type": "application/json" });
  }),
});
