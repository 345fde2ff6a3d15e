import { bigint, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";
import { workspaces } from "./workspaces";

export type OutboxAttachment = { filename: string; contentType: string; content: string };

/** Every email and SMS the app sends, written in the transaction of its cause, sent after. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: id(),
    workspaceId: uuid().references(() => workspaces.id),
    /**
     * Insertion order. Rows written in one transaction share created_at (and ids are random),
     * so this, not the timestamp, is the order a booking's messages must leave in.
     */
    position: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    /**
     * The booking a message is about. Its messages to one recipient on one channel leave one at a
     * time, in position order; another recipient's never wait for them (docs/idempotency.md#order).
     */
    bookingId: uuid(),
    channel: text({ enum: ["email", "sms"] }).notNull(),
    /** What the message says: confirmation, reminder, cancellation, … (`other` when a writer names none). */
    kind: text().notNull().default("other"),
    /** Who reads it: the booking's customer or the business (its notification address). */
    recipient: text({ enum: ["customer", "business"] })
      .notNull()
      .default("customer"),
    to: text().notNull(),
    subject: text().notNull().default(""),
    text: text().notNull(),
    html: text(),
    /** Replies reach the business (its contact email), not the sending address. */
    replyTo: text(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    /** Attempts started: one per claim. */
    attempts: integer().notNull().default(0),
    /**
     * Attempts finished: the provider answered (accepted or refused). Started minus finished is
     * the number of attempts a process died in (a crash, not a failure).
     */
    finishedAttempts: integer().notNull().default(0),
    nextAttemptAt: instant(),
    /**
     * The process sending the row and until when (the lease), in the database's own time, never
     * the movable app clock: a claim is not taken over while it lasts, whatever the clock says.
     */
    claimedBy: uuid(),
    claimExpiresAt: instant(),
    lastError: text(),
    sentAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.status, t.nextAttemptAt),
    index().on(t.to, t.createdAt),
    index().on(t.bookingId, t.channel, t.recipient, t.position),
    index().on(t.workspaceId, t.createdAt),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
