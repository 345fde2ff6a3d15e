import { z } from "zod";
import { CustomerLocale, E164Phone, Email, IanaTimezone, Language } from "@/lib/schemas";

/** The customer a booking is made for; upserted per workspace by lower-cased email. */
export const CustomerInput = z.object({
  name: z.string().trim().min(1).max(200),
  email: Email,
  phone: E164Phone.nullable().optional().meta({ description: "E.164. When absent the customer is notified by email only." }),
  timezone: IanaTimezone.optional().meta({
    description:
      "The customer's IANA zone (the hosted pages send the browser's). Stored with the booking: emails, reminders and the manage page show the time in it beside the business's.",
  }),
  language: Language.optional().meta({
    description:
      "The language the customer booked in (the hosted pages send the page's). Stored with the booking: its confirmation, reminders, cancellation, reschedule and code messages are written in it. Absent: the workspace's language.",
  }),
  locale: CustomerLocale.optional(),
});
export type CustomerInput = z.infer<typeof CustomerInput>;
