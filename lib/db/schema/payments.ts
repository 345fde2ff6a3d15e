import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { PAYMENT_STATUSES } from "../../payments/statuses";
import { bookings } from "./bookings";
import { id, instant, timestamps } from "./columns";
import { workspaces } from "./workspaces";

export { PAYMENT_STATUSES, type PaymentStatus } from "../../payments/statuses";

export const payments = pgTable(
  "payments",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    bookingId: uuid()
      .notNull()
      .unique()
      .references(() => bookings.id),
    /** `stripe` or the embedded `test` processor. */
    processor: text({ enum: ["stripe", "test"] }).notNull(),
    intentId: text().unique(),
    status: text({ enum: PAYMENT_STATUSES }).notNull(),
    /** The status a failed refund returns to. */
    statusBeforeRefund: text({ enum: PAYMENT_STATUSES }),
    amountCents: integer().notNull(),
    amountRefundedCents: integer().notNull().default(0),
    currency: text().notNull(),
    connectedAccountId: text().notNull(),
    clientSecret: text(),
    /** A refund we owe and have not yet created at the processor (set with the change that owes it). */
    refundDueAt: instant(),
    /** Refunds created so far; the next one's idempotency key is `refund:<id>:<refundAttempts + 1>`. */
    refundAttempts: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.workspaceId), index().on(t.status), index().on(t.refundDueAt)],
);

export type PaymentRow = typeof payments.$inferSelect;
