import { ListEnvelope } from "@/lib/schemas";
import { ListMessagesQuery, Message } from "@/lib/notifications/schemas";
import { defineOperation } from "../operation";

export const listMessages = defineOperation({
  id: "listMessages",
  method: "GET",
  path: "/v1/messages",
  tag: "Messages",
  summary: "List the emails and SMS sent to customers and the business",
  description:
    "Newest first: what each message is about, who it is for, whether it was sent, how many attempts the provider answered and its last refusal. " +
    "Never the address or the body. A message given up also sends the webhook event message.failed. next_cursor is null on the last page.",
  auth: "sk",
  query: ListMessagesQuery,
  response: { status: 200, schema: ListEnvelope(Message) },
  errors: ["validation_failed"],
});
