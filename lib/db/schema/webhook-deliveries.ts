import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";
import { webhookEndpoints } from "./webhook-endpoints";
import { workspaces } from "./workspaces";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One event for one endpoint; written in the transaction of the change that caused it. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id),
    eventType: text().notNull(),
    payload: jsonb().notNull(),
    status: text({ enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    lastError: text(),
    nextRetryAt: instant(),
    completedAt: instant(),
    /**
     * Set while one sender owns an attempt (claimed with FOR UPDATE SKIP LOCKED); the token
     * guards the write of its outcome, the expiry lets another instance take over after a crash.
     */
    claimToken: uuid(),
    claimExpiresAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.endpointId, t.createdAt, t.id), index().on(t.status, t.nextRetryAt)],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
