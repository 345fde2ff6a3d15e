import { z } from "zod";
import { DateTimeInput, DateTimeOutput, Uuid } from "@/lib/schemas";

export const AvailabilityQuery = z.object({
  service_id: Uuid,
  from: DateTimeInput.meta({ description: "Start of the range, inclusive: a slot is listed when its start is in [from, to)." }),
  to: DateTimeInput.meta({ description: "End of the range, exclusive; after from and at most 62 × 24 hours after it." }),
  exclude_booking_id: Uuid.optional().meta({
    description:
      "Removes one booking from the busy times: pass the id of the booking being moved. The answer is then for a move, which takes no new payment. Sent empty: 422.",
  }),
  // Series (docs/series-and-waitlists.md)
  repeat_every: z.enum(["week", "2_weeks", "4_weeks"]).optional().meta({
    description: "With repeat_count: offer only starts where a whole series (POST /v1/bookings `repeat`) fits on that calendar.",
  }),
  repeat_count: z.coerce
    .number()
    .int()
    .min(2)
    .max(26)
    .optional()
    .meta({ description: "With repeat_every: the series' occurrences, the first included (2–26)." }),
  // Waitlist (docs/series-and-waitlists.md)
  include_full: z
    .enum(["true", "false"])
    .optional()
    .meta({ description: 'true: a class\'s full sessions are listed too, with seats_left 0 (to show "Full" and offer POST /v1/waitlist).' }),
});
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

export const Slot = z
  .object({
    start: DateTimeOutput.meta({ description: "With the workspace's offset on that instant." }),
    end: DateTimeOutput.meta({ description: "start + the service's duration, with the workspace's offset." }),
    seats_left: z.number().int().min(0).optional().meta({
      description:
        "Only for a group service (capacity above 1): the seats still free in the session at this start on this calendar (the capacity when no one has booked it yet); 0 only for a full session listed with include_full=true. Absent for capacity 1.",
    }),
  })
  .meta({ id: "Slot" });
export type Slot = z.infer<typeof Slot>;

export const StaffSlots = z.object({ staff_id: Uuid, slots: z.array(Slot) }).meta({ id: "StaffSlots" });
export type StaffSlots = z.infer<typeof StaffSlots>;

export const AvailabilityResponse = z.object({ data: z.array(StaffSlots) }).meta({ id: "Availability" });
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;
