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
    /** The booking a message is about: its messages leave one at a time, in position order. */
    bookingId: uuid(),
    channel: text({ enum: ["email", "sms"] }).notNull(),
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
    attempts: integer().notNull().default(0),
    nextAttemptAt: instant(),
    /**
     * The process sending the row (its boot id) and until when, in the database's own time, never
     * the movable app clock: a claim is not taken over while it lasts, whatever the clock says.
     */
    claimedBy: uuid(),
    claimExpiresAt: instant(),
    lastError: text(),
    sentAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.to, t.createdAt), index().on(t.bookingId, t.position)],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
