import { z } from "zod";

export const CalendarFeed = z
  .object({
    url: z.url().meta({
      description:
        "The calendar's secret iCalendar feed, `{APP_URL}/feeds/{token}.ics`, shown only on this response (the token is stored hashed). Subscribe to it in any calendar app.",
      example: "https://bookings.example.com/feeds/Qm9va2luZ3NGZWVkVG9rZW4xMjM0NTY3ODkwYWJj.ics",
    }),
  })
  .meta({ id: "CalendarFeed" });
export type CalendarFeed = z.infer<typeof CalendarFeed>;

/** The path's last segment: `{token}.ics`; anything else is simply not found. */
export const FEED_FILE_PATTERN = /^([0-9A-Za-z]{32,100})\.ics$/;
