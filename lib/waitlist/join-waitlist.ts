import { and, eq, inArray } from "drizzle-orm";
import { isGroupService } from "@/lib/availability/service-rules";
import { sessionIdFor } from "@/lib/bookings/sessions";
import type { KeyActor, MemberActor, ServiceContext } from "@/lib/context";
import { upsertCustomer } from "@/lib/customers/upsert-customer";
import { isPgError, PG_UNIQUE_VIOLATION } from "@/lib/db/errors";
import { bookingSessions, services, serviceStaff, waitlistEntries } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { conflict, notFound, validationFailed } from "@/lib/errors";
import { queueWaitlistMessage } from "@/lib/notifications/queue-waitlist-message";
import { seal } from "@/lib/secrets/seal";
import { generateAccessToken, sha256Hex } from "@/lib/secrets/tokens";
import { parseInstant } from "@/lib/time/zoned";
import { positionOf, present, type PositionedEntry } from "./read-entries";
import type { JoinWaitlistBody } from "./schemas";

type Ctx = Pick<ServiceContext<KeyActor | MemberActor>, "db" | "workspace" | "clock" | "actor">;

const ONE_LIVE_ENTRY = "waitlist_entries_one_live_per_customer";

/**
 * POST /v1/waitlist (docs/series-and-waitlists.md): the customer joins the line for a full
 * session of a class (a service of capacity above 1). A session with a free seat is refused
 * (409 conflict: book it instead); a second live entry of the same email for the same session
 * too (409 conflict, kept by the partial unique index, not by a check). The customer is sent
 * the confirmation with the link to leave.
 */
export async function joinWaitlist({ ctx, input }: { ctx: Ctx; input: JoinWaitlistBody }): Promise<PositionedEntry> {
  const now = ctx.clock.now();
  const { workspace } = ctx;
  const startsAt = parseInstant(input.starts_at);
  const [service] = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.id, input.service_id), eq(services.workspaceId, workspace.id), eq(services.active, true)));
  if (!service) throw notFound("service");
  if (!isGroupService(service)) throw validationFailed("service_id", "Only a class (a service with capacity above 1) has a waitlist.");
  if (startsAt <= now) throw validationFailed("starts_at", "That session has already started.");
  const staffIds = (
    await ctx.db
      .select({ staffId: serviceStaff.staffId })
      .from(serviceStaff)
      .where(and(eq(serviceStaff.serviceId, service.id), eq(serviceStaff.workspaceId, workspace.id)))
  ).map((row) => row.staffId);
  const candidates = input.staff_id ? staffIds.filter((id) => id === input.staff_id) : staffIds;
  if (candidates.length === 0) throw notFound("staff");
  const sessionIds = candidates.map((staffId) => present(sessionIdFor(service, staffId, startsAt), "session"));
  const sessions = await ctx.db
    .select({ staffId: bookingSessions.staffId, seatsTaken: bookingSessions.seatsTaken })
    .from(bookingSessions)
    .where(inArray(bookingSessions.id, sessionIds));
  // The service's capacity now: a raised capacity frees seats in a session filled before.
  const full = candidates.find((staffId) => sessions.some((s) => s.staffId === staffId && s.seatsTaken >= service.capacity));
  if (!full) throw conflict("That session has a free seat: book it instead.", "starts_at");

  const token = generateAccessToken();
  try {
    return await withTransaction(ctx, async (tx) => {
      const customer = await upsertCustomer(tx, { workspaceId: workspace.id, customer: input.customer, now });
      const [inserted] = await tx
        .insert(waitlistEntries)
        .values({
          workspaceId: workspace.id,
          serviceId: service.id,
          staffId: full,
          customerId: customer.id,
          startsAt,
          status: "waiting",
          customerLanguage: input.customer.language ?? null,
          tokenHash: sha256Hex(token),
          tokenSealed: seal(token),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const row = present(inserted, "entry");
      await queueWaitlistMessage(tx, { kind: "waitlist_joined", entry: row, token, workspace, serviceName: service.name, customer });
      return { row, position: await positionOf(tx, row) };
    });
  } catch (error) {
    if (isPgError(error, PG_UNIQUE_VIOLATION, ONE_LIVE_ENTRY)) throw conflict("This customer is already on the waitlist for that session.", "customer.email");
    throw error;
  }
}
