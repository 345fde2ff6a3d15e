import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { afterCommit } from "@/lib/db/transaction";
import { loadAnswersOf } from "@/lib/booking-details/answers";
import type { BookingAnswer } from "@/lib/booking-details/schemas";
import { outboxMessages, questions, type WorkspaceRow } from "@/lib/db/schema";
import { notificationAddress } from "@/lib/workspaces/notification-address";
import { renderBusinessEmail, type BusinessEventKind } from "./templates/business";
import type { BookingMessageData } from "./templates/message-data";

/** The business's emails share the customer's kinds (GET /v1/messages tells them apart by recipient). */
const BUSINESS_KIND: Record<BusinessEventKind, string> = { confirmed: "confirmation", moved: "reschedule", cancelled: "cancellation" };

export type BusinessMessageInput = {
  event: BusinessEventKind;
  /** Cancellations: who cancelled. */
  cancelledBy?: "customer" | "business";
  /** The answers when the caller holds them (a create); read otherwise. */
  answers?: BookingAnswer[];
};

/**
 * The business's email about a booking event (see docs/business-notifications.md), written
 * to the same outbox as the customer's messages in the transaction of the event, so it goes
 * exactly when the event commits, once, in order with the business's other messages about the
 * booking (never waiting for the customer's), and is retried like them. Nothing when the workspace has no notification address.
 */
export async function queueBusinessMessage(
  tx: Queryable,
  input: BusinessMessageInput & { data: BookingMessageData; workspace: WorkspaceRow; cancelReason: string | null },
): Promise<boolean> {
  const to = notificationAddress(input.workspace);
  if (!to) return false;
  const answers = input.answers ?? (await loadAnswersOf(tx, input.data.booking.id));
  const checkboxQuestionIds = await checkboxAnswers(tx, input.workspace.id, answers);
  const email = renderBusinessEmail({
    ...input.data,
    // The business reads its own language, not the customer's.
    locale: input.workspace.language,
    event: input.event,
    answers,
    checkboxQuestionIds,
    cancelledBy: input.cancelledBy,
    cancelReason: input.cancelReason,
  });
  const rows = await tx
    .insert(outboxMessages)
    .values({
      workspaceId: input.workspace.id,
      bookingId: input.data.booking.id,
      channel: "email",
      kind: BUSINESS_KIND[input.event],
      recipient: "business",
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      // A reply reaches the customer.
      replyTo: input.data.customer.email,
      attachments: email.attachments,
    })
    .returning({ id: outboxMessages.id });
  for (const row of rows) await afterCommit(tx, { type: "message.queued", messageId: row.id });
  return true;
}

/**
 * The answers given to a checkbox question, so the email says yes or no rather than "true"/"false". An answer
 * keeps no type of its own; a question deleted since is taken as a checkbox when its answer is "true" or "false".
 */
async function checkboxAnswers(tx: Queryable, workspaceId: string, answers: BookingAnswer[]): Promise<Set<string>> {
  if (answers.length === 0) return new Set();
  const rows = await tx
    .select({ id: questions.id, type: questions.type })
    .from(questions)
    .where(
      and(
        eq(questions.workspaceId, workspaceId),
        inArray(
          questions.id,
          answers.map((answer) => answer.question_id),
        ),
      ),
    );
  const types = new Map(rows.map((row) => [row.id, row.type]));
  const ids = answers
    .filter((answer) => {
      const type = types.get(answer.question_id);
      return type ? type === "checkbox" : answer.value === "true" || answer.value === "false";
    })
    .map((answer) => answer.question_id);
  return new Set(ids);
}
