import { z } from "zod";
import { DateTimeOutput, PageQuery, Uuid } from "@/lib/schemas";

export const MESSAGE_STATUSES = ["pending", "sent", "failed"] as const;
export const MESSAGE_CHANNELS = ["email", "sms"] as const;

export const MessageStatus = z.enum(MESSAGE_STATUSES).meta({
  id: "MessageStatus",
  description: "pending: not sent yet (attempts may remain); sent: the provider accepted it; failed: given up after its last attempt.",
});
export const MessageChannel = z.enum(MESSAGE_CHANNELS).meta({ id: "MessageChannel", description: "email or sms." });

/** An email or SMS the workspace sent (or will send), as GET /v1/messages shows it: never its address or body. */
export const Message = z
  .object({
    id: Uuid,
    booking_id: Uuid.nullable().meta({ description: "The booking it is about; null for a message about none." }),
    channel: MessageChannel,
    kind: z.string().meta({ description: "What it says: confirmation, reschedule, cancellation, reminder, verification_code, …", example: "confirmation" }),
    recipient: z.enum(["customer", "business"]).meta({ description: "The booking's customer, or the business (its notification address)." }),
    status: MessageStatus,
    attempts: z.number().int().meta({ description: "Attempts the provider answered (accepted or refused)." }),
    last_error: z.string().nullable().meta({ description: "The provider's last refusal (e.g. an SMTP 550), or null." }),
    created_at: DateTimeOutput,
    sent_at: DateTimeOutput.nullable(),
  })
  .meta({ id: "Message" });
export type Message = z.infer<typeof Message>;

export const ListMessagesQuery = PageQuery.extend({
  status: MessageStatus.optional(),
  booking_id: Uuid.optional().meta({ description: "Only the messages about this booking." }),
  channel: MessageChannel.optional().meta({ description: "Only the emails, or only the SMS." }),
});
export type ListMessagesQuery = z.infer<typeof ListMessagesQuery>;
