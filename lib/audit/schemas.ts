import { z } from "zod";
import { DateTimeOutput, PageQuery, Uuid } from "@/lib/schemas";

export const AuditEvent = z
  .object({
    id: Uuid,
    who: z
      .object({
        type: z.enum(["key", "member"]),
        name: z.string().meta({ description: 'A secret key by its name and last four characters ("Server …a1B2"); a member by email.' }),
      })
      .meta({ description: "Who made the write." }),
    what: z.string().meta({ description: "The operation, by its OpenAPI operationId (cancelBooking, createService, …)." }),
    target: z.object({ type: z.string(), id: z.string().nullable() }).meta({ description: "The resource written and its id." }),
    when: DateTimeOutput.meta({ description: "UTC." }),
  })
  .meta({ id: "AuditEvent" });
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEventList = z.object({ data: z.array(AuditEvent), next_cursor: z.string().nullable() }).meta({ id: "AuditEventList" });

export const ListAuditEventsQuery = PageQuery.extend({
  target_id: z.string().max(100).optional().meta({ description: "Only the events about this resource (a booking's id, for instance)." }),
});
export type ListAuditEventsQuery = z.infer<typeof ListAuditEventsQuery>;
