import { z } from "zod";
import { CustomerInput } from "@/lib/customers/schemas";
import { WAITLIST_STATUSES } from "@/lib/db/schema/waitlist-entries";
import { DateTimeInput, DateTimeOutput, ListEnvelope, PageQuery, Uuid } from "@/lib/schemas";

// Waitlist (docs/series-and-waitlists.md)
/** How long an offered seat is held for the customer it is offered to. */
export const WAITLIST_OFFER_HOLD_MINUTES = 30;

export const WaitlistStatus = z.enum(WAITLIST_STATUSES).meta({
  id: "WaitlistStatus",
  description: "waiting: in line; offered: a seat is held for the customer (offer_expires_at); booked; expired (the start passed, or the offer lapsed); left.",
});

export const JoinWaitlistBody = z
  .object({
    service_id: Uuid,
    starts_at: DateTimeInput.meta({ description: "The full session's start (RFC 3339 with an offset)." }),
    staff_id: Uuid.optional().meta({ description: "The calendar whose session is full; absent: the service's full session at that start." }),
    customer: CustomerInput,
  })
  .meta({ id: "JoinWaitlistBody" });
export type JoinWaitlistBody = z.infer<typeof JoinWaitlistBody>;

export const WaitlistEntry = z
  .object({
    id: Uuid,
    service_id: Uuid,
    staff_id: Uuid,
    starts_at: DateTimeOutput.meta({ description: "With the workspace's offset." }),
    status: WaitlistStatus,
    position: z.number().int().min(1).nullable().meta({ description: "1 for the first in line; null once the entry no longer waits." }),
    booking_id: Uuid.nullable().meta({ description: "The booking held for (or made by) this entry once a seat was offered." }),
    offer_expires_at: DateTimeOutput.nullable().meta({ description: "UTC; while offered, when the held seat passes to the next in line." }),
    created_at: DateTimeOutput.meta({ description: "UTC." }),
  })
  .meta({ id: "WaitlistEntry" });
export type WaitlistEntry = z.infer<typeof WaitlistEntry>;

export const WaitlistEntryList = ListEnvelope(WaitlistEntry).meta({ id: "WaitlistEntryList" });

export const ListWaitlistQuery = PageQuery.extend({
  service_id: Uuid.optional(),
  starts_at: DateTimeInput.optional().meta({ description: "Only the entries for this start." }),
  status: WaitlistStatus.optional(),
});
export type ListWaitlistQuery = z.infer<typeof ListWaitlistQuery>;

export const WaitlistEntryIdParams = z.object({ id: Uuid });
export const WaitlistTokenParams = z.object({ token: z.string().min(1).max(200) });
