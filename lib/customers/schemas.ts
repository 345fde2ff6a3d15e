import { z } from "zod";
import { CustomerLocale, E164Phone, Email, IanaTimezone, Language, PageQuery } from "@/lib/schemas";

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

/** The customer as the secret-key booking view carries it. */
export const BookingCustomer = z
  .object({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable().meta({ description: "E.164, or null when none was given." }) })
  .meta({ id: "BookingCustomer" });
export type BookingCustomer = z.infer<typeof BookingCustomer>;

export const Customer = BookingCustomer.extend({
  bookings_count: z.number().int().meta({ description: "Every booking of this customer in the workspace, whatever its status." }),
  created_at: z.string().meta({ format: "date-time", description: "UTC." }),
}).meta({ id: "Customer" });
export type Customer = z.infer<typeof Customer>;

export const CustomerList = z.object({ data: z.array(Customer), next_cursor: z.string().nullable() }).meta({ id: "CustomerList" });

export const ListCustomersQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional().meta({ description: "Part of the customer's name or email, case-insensitive." }),
});
export type ListCustomersQuery = z.infer<typeof ListCustomersQuery>;

export const CustomerIdParams = z.object({ id: z.uuid() });
