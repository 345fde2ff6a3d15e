import { deleteCalendarFeed } from "@/lib/calendar-feeds/delete-calendar-feed";
import { putCalendarFeed } from "@/lib/calendar-feeds/put-calendar-feed";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/staff";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // PUT /v1/staff/{id}/calendar-feed – make or replace the calendar's secret feed; answers {url} once (SK)
  PUT: route(op.putCalendarFeed, ({ ctx, params }) => putCalendarFeed({ ctx, staffId: params.id })),
  // DELETE /v1/staff/{id}/calendar-feed – turn the feed off (SK)
  DELETE: route(op.deleteCalendarFeed, async ({ ctx, params }) => ({ id: (await deleteCalendarFeed({ ctx, staffId: params.id })).id, deleted: true as const })),
});
