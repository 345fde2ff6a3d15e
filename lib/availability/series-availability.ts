import { DateTime } from "luxon";
import { validationFailed } from "@/lib/errors";
import { getAvailabilityJson } from "./answer-cache";
import type { AvailabilityContext, GetAvailabilityInput } from "./get-availability";
import type { AvailabilityResponse } from "./schemas";
import { REPEAT_WEEKS, seriesStarts, type RepeatEvery } from "./series-starts";

/**
 * GET /v1/availability with repeat_every and repeat_count (docs/series-and-waitlists.md): the
 * range's slots where every occurrence of a series starting there is also offered on the same
 * calendar. Each occurrence's range (the asked range moved by whole local weeks) is read from
 * the same slot tables as a plain request, so every rule applies as it does to one booking.
 */
export async function getSeriesAvailability({
  ctx,
  input,
  repeat,
}: {
  ctx: AvailabilityContext;
  input: GetAvailabilityInput;
  repeat: { every?: RepeatEvery; count?: number };
}): Promise<AvailabilityResponse> {
  if (repeat.every === undefined) throw validationFailed("repeat_every", "repeat_every is required with repeat_count.");
  if (repeat.count === undefined) throw validationFailed("repeat_count", "repeat_count is required with repeat_every.");
  const series = { every: repeat.every, count: repeat.count };
  const zone = ctx.workspace.timezone;
  const moved = (instant: Date, index: number) =>
    DateTime.fromJSDate(instant, { zone })
      .plus({ weeks: index * REPEAT_WEEKS[series.every] })
      .toJSDate();
  const answers: AvailabilityResponse[] = [];
  for (let index = 0; index < series.count; index++) {
    const answer = await getAvailabilityJson({ ctx, input: { ...input, from: moved(input.from, index), to: moved(input.to, index) } });
    answers.push(JSON.parse(Buffer.concat(answer.pieces).toString("utf8")) as AvailabilityResponse);
  }
  const offered = answers.map(
    (answer) => new Map(answer.data.map((calendar) => [calendar.staff_id, new Set(calendar.slots.map((slot) => Date.parse(slot.start)))])),
  );
  const [first] = answers;
  return {
    data: (first?.data ?? []).map((calendar) => ({
      staff_id: calendar.staff_id,
      slots: calendar.slots.filter((slot) =>
        seriesStarts(new Date(slot.start), series, zone).every((start, index) => offered[index]?.get(calendar.staff_id)?.has(start.getTime())),
      ),
    })),
  };
}
