import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { getAvailabilityWithFull } from "@/lib/availability/full-sessions";
import { getSeriesAvailability } from "@/lib/availability/series-availability";
import { matchesIfNoneMatch } from "@/lib/http/json";
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
    // Full class sessions listed too, for the waitlist (docs/series-and-waitlists.md).
    if (query.include_full === "true") return getAvailabilityWithFull({ ctx, input });
    const answer = await getAvailabilityJson({ ctx, input });
    // Kept by the client and asked again with If-None-Match: the same bytes are a 304 without a body.
    const headers = { ETag: answer.etag, "Cache-Control": "private, no-cache", "Access-Control-Expose-Headers": "ETag" };
    if (matchesIfNoneMatch(request.headers.get("if-none-match"), answer.etag)) return new Response(null, { status: 304, headers });
    // The pieces as a stream: joined, a busy 62-day answer would be a megabyte copied per request.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of answer.pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    return new Response(body, { headers: { ...headers, "Content-Type": "application/json" } });
  }),
});
