import { AvailabilityQuery, AvailabilityResponse } from "@/lib/availability/schemas";
import { defineOperation } from "../operation";

export const getAvailability = defineOperation({
  id: "getAvailability",
  method: "GET",
  path: "/v1/availability",
  tag: "Availability",
  summary: "Open slots of a service, grouped by calendar",
  description:
    "Every active calendar offering the service, in creation order, with the starts it offers in [from, to) (a slot is in the range when its start is; its end may pass `to`). " +
    "A start is offered when the appointment lies inside one working-hours block (blocks never join, even when they touch), sits on the workspace's slot interval counted in wall minutes from the block's start, " +
    "its occupied range [start − buffer_before, end + buffer_after) overlaps no time off and no live booking's occupied range (half-open: back-to-back is fine), " +
    "and now + min_lead_minutes ≤ start ≤ now + max_advance_days × 24 h. A lapsed hold is free. " +
    "Working hours are local wall time: on a daylight-saving day a block lasts the real time its clock shows; a wall time skipped when clocks go forward is never offered, one repeated when they go back is offered once per offset. " +
    "A paid service offers no slots for a new booking while its payment cannot be taken (no computable amount, or no stripe_account_id on the workspace); " +
    "with exclude_booking_id (moving a booking, which takes no new payment) it needs only a computable amount. " +
    "Every answer is exact at the moment it is given: a change (a booking, its cancellation, hours, time off, a setting, a hold lapsing, the clock passing min_lead) shows in the very next answer from any instance. " +
    "Every answer carries a strong ETag (`Cache-Control: private, no-cache`): the same request sent again with If-None-Match is 304 Not Modified, with no body, while the answer is unchanged. " +
    "A busy 62-day answer for ten calendars is about 1 MB of JSON; the documented balancer compresses it (30–100 KB). Publishable keys: 60 requests a minute.",
  auth: "sk_pk",
  query: AvailabilityQuery,
  response: { status: 200, schema: AvailabilityResponse },
  errors: ["not_found", "validation_failed"],
  rateLimit: "availability",
  conditional: true,
});
