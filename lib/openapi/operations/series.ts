import { BookingSeries, CancelBookingBody, SeriesIdParams } from "@/lib/bookings/schemas";
import { defineOperation } from "../operation";

const TAG = "Bookings";

export const cancelSeries = defineOperation({
  id: "cancelSeries",
  method: "POST",
  path: "/v1/series/{id}/cancel",
  tag: TAG,
  summary: "Cancel the rest of a series",
  description:
    "Cancels every occurrence of the series that has not started yet and is still pending, awaiting_payment or confirmed, each as POST /v1/bookings/{id}/cancel does " +
    "(its own messages and booking.cancelled). Occurrences already started, cancelled or otherwise settled are left as they are. " +
    "Answers the series with every occurrence's status. An unknown series (or another workspace's) is 404.",
  auth: "sk",
  params: SeriesIdParams,
  body: CancelBookingBody,
  response: { status: 200, schema: BookingSeries },
  errors: ["not_found"],
});
