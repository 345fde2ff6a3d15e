import { randomUUID } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { afterCommit } from "@/lib/db/transaction";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { toUtcIso } from "@/lib/time/zoned";
import type { WorkspaceEventType } from "./event-types";

/** What each workspace event carries: the object as the API shows it (GET /v1/messages, GET /v1/external-calendars/{id}, GET /v1/waitlist/{id}). */
export type WorkspaceEventData = {
  "message.failed": { message: Record<string, unknown> };
  "external_calendar.failing": { external_calendar: Record<string, unknown> };
  "waitlist.offered": { waitlist_entry: Record<string, unknown> };
  "waitlist.booked": { waitlist_entry: Record<string, unknown> };
};

export type RecordWorkspaceEventInput<T extends WorkspaceEventType> = { workspaceId: string; type: T; data: WorkspaceEventData[T]; now: Date };

/**
 * The transactional outbox for events about the workspace's deliveries (not a booking's):
 * inside the transaction of the change, one pending delivery per active endpoint subscribed to
 * `type`, announced to the background driver after commit, signed and retried like every other.
 */
export async function recordWorkspaceEvent<T extends WorkspaceEventType>(tx: Queryable, input: RecordWorkspaceEventInput<T>): Promise<void> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, input.workspaceId), eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [input.type])));
  if (endpoints.length === 0) return;
  const values = endpoints.map((endpoint) => {
    const id = randomUUID();
    return {
      id,
      workspaceId: input.workspaceId,
      endpointId: endpoint.id,
      eventType: input.type,
      payload: { id, type: input.type, created_at: toUtcIso(input.now), data: input.data },
      status: "pending" as const,
      nextRetryAt: input.now,
      createdAt: input.now,
    };
  });
  await tx.insert(webhookDeliveries).values(values);
  for (const value of values) await afterCommit(tx, { type: "webhook.delivery", deliveryId: value.id, endpointId: value.endpointId });
}
