import { eq } from "drizzle-orm";
import {
  externalCalendars,
  type ExternalCalendarRow,
  bookings,
  categories,
  customers,
  questions,
  serviceStaff,
  services,
  staff,
  webhookEndpoints,
  workingHours,
  workspaces,
  type BookingRow,
  type CategoryRow,
  type QuestionRow,
  type ServiceRow,
  type StaffRow,
  type WorkspaceRow,
} from "@/lib/db/schema";
import { sealCredentials } from "@/lib/external-calendars/credentials";
import { seal } from "@/lib/secrets/seal";
import { generateAccessToken, sha256Hex } from "@/lib/secrets/tokens";
import type { TestWorkspace } from "./fixtures";
import { currentDb } from "./test-db";

/**
 * One factory per record, written straight with drizzle for tests that need a row in a given
 * state without the routes that make it. Every test file uses these; none defines its own.
 * Names that must not collide are unique per call.
 */
const db = () => currentDb().db;
let counter = 0;

export type Block = { weekday: number; startMinute: number; endMinute: number };
/** 09:00–17:00 every day of the week. */
export const EVERY_DAY_9_TO_5: Block[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 }));

export async function updateWorkspace(ws: TestWorkspace, fields: Partial<WorkspaceRow>): Promise<void> {
  await db().update(workspaces).set(fields).where(eq(workspaces.id, ws.id));
}

/** Replaces a calendar's working hours. */
export async function setWorkingHours(ws: TestWorkspace, staffId: string, blocks: Block[] = EVERY_DAY_9_TO_5): Promise<void> {
  await db().delete(workingHours).where(eq(workingHours.staffId, staffId));
  if (blocks.length > 0)
    await db()
      .insert(workingHours)
      .values(blocks.map((block) => ({ ...block, workspaceId: ws.id, staffId })));
}

/** A calendar (staff row), open 9–5 every day unless `hours` says otherwise. */
export async function addCalendar(ws: TestWorkspace, fields: Partial<typeof staff.$inferInsert> & { hours?: Block[] } = {}): Promise<StaffRow> {
  const { hours = EVERY_DAY_9_TO_5, ...values } = fields;
  const [row] = await db()
    .insert(staff)
    .values({ workspaceId: ws.id, name: `Calendar ${++counter}`, ...values })
    .returning();
  if (!row) throw new Error("addCalendar: no row");
  await setWorkingHours(ws, row.id, hours);
  return row;
}

/** A calendar offers a service (a service_staff link). */
export async function offerService(ws: TestWorkspace, serviceId: string, staffId: string): Promise<void> {
  await db().insert(serviceStaff).values({ workspaceId: ws.id, serviceId, staffId });
}

/** The workspace can take payments: a (test-mode) connected account, as paid services need. */
export async function connectPaymentAccount(ws: TestWorkspace, stripeAccountId = "acct_test_bookings"): Promise<void> {
  await updateWorkspace(ws, { stripeAccountId });
}

/**
 * A service offered by the given calendars (default: the workspace's first; a calendar with no
 * hours gets 9–5 every day). A paid service is bookable once `connectPaymentAccount` ran.
 */
export async function addService(
  ws: TestWorkspace,
  fields: Partial<typeof services.$inferInsert> = {},
  staffIds: string[] = [ws.staffId],
): Promise<ServiceRow> {
  const [service] = await db()
    .insert(services)
    .values({ workspaceId: ws.id, name: "Haircut", durationMinutes: 60, ...fields })
    .returning();
  if (!service) throw new Error("addService: no row");
  for (const staffId of staffIds) {
    const hasHours = await db().select().from(workingHours).where(eq(workingHours.staffId, staffId));
    if (hasHours.length === 0) await setWorkingHours(ws, staffId);
    await offerService(ws, service.id, staffId);
  }
  return service;
}

export async function addCategory(ws: TestWorkspace, fields: Partial<typeof categories.$inferInsert> = {}): Promise<CategoryRow> {
  const [row] = await db()
    .insert(categories)
    .values({ workspaceId: ws.id, name: `Category ${++counter}`, ...fields })
    .returning();
  if (!row) throw new Error("addCategory: no row");
  return row;
}

export async function addQuestion(
  ws: TestWorkspace,
  fields: Partial<typeof questions.$inferInsert> & { label: string; type: QuestionRow["type"] },
): Promise<QuestionRow> {
  const [row] = await db()
    .insert(questions)
    .values({ workspaceId: ws.id, ...fields })
    .returning();
  if (!row) throw new Error("addQuestion: no row");
  return row;
}

/** An active endpoint (secret `whsec_test`) subscribed to every booking event unless told otherwise. */
export async function addWebhookEndpoint(ws: TestWorkspace, events = ["booking.created", "booking.cancelled", "booking.rescheduled"]): Promise<string> {
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({ workspaceId: ws.id, url: "https://hooks.example.com/in", events, secretSealed: seal("whsec_test") })
    .returning();
  if (!row) throw new Error("addWebhookEndpoint: no row");
  return row.id;
}

export type SeedBookingOptions = {
  startsAt: Date;
  /** The series it belongs to (bookings made with `repeat`). */
  seriesId?: string;
  /** A seat of a group session (lib/bookings/sessions.ts `sessionIdFor`). */
  sessionId?: string | null;
  durationMinutes?: number;
  status?: BookingRow["status"];
  holdExpiresAt?: Date | null;
  minCancelNoticeMinutes?: number;
  serviceName?: string;
  customer?: { name?: string; email?: string; phone?: string };
  serviceId?: string;
  /** The calendar; default the workspace's first. */
  staffId?: string;
  isAnnounced?: boolean;
  createdVia?: "sk" | "pk";
  /** The 6-digit code the booking was sent, stored hashed. */
  code?: string;
  rescheduledFromId?: string;
  /** Default: now for a confirmed booking, else null. */
  confirmedAt?: Date | null;
};

export type SeededBooking = { booking: BookingRow; token: string; serviceId: string; customerId: string };

/** A booking (with its service unless given, its customer and a manage token) in a given state, without POST /v1/bookings. */
export async function seedBooking(ws: TestWorkspace, options: SeedBookingOptions): Promise<SeededBooking> {
  const serviceId =
    options.serviceId ??
    (
      await addService(ws, {
        name: options.serviceName ?? "Haircut",
        durationMinutes: options.durationMinutes ?? 60,
        minCancelNoticeMinutes: options.minCancelNoticeMinutes ?? 0,
      })
    ).id;
  const [service] = await db().select().from(services).where(eq(services.id, serviceId));
  if (!service) throw new Error(`seedBooking: no service ${serviceId}`);
  const email = options.customer?.email ?? `customer${++counter}-${Date.now()}@example.com`;
  const [customer] = await db()
    .insert(customers)
    .values({ workspaceId: ws.id, name: options.customer?.name ?? "Ada Lovelace", email, phone: options.customer?.phone ?? "" })
    .onConflictDoUpdate({ target: [customers.workspaceId, customers.email], set: { name: options.customer?.name ?? "Ada Lovelace" } })
    .returning();
  if (!customer) throw new Error("seedBooking: no customer");
  const token = generateAccessToken();
  const endsAt = new Date(options.startsAt.getTime() + service.durationMinutes * 60_000);
  const status = options.status ?? "confirmed";
  const [booking] = await db()
    .insert(bookings)
    .values({
      workspaceId: ws.id,
      serviceId,
      staffId: options.staffId ?? ws.staffId,
      customerId: customer.id,
      startsAt: options.startsAt,
      endsAt,
      occupiedStart: options.startsAt,
      occupiedEnd: endsAt,
      status,
      holdExpiresAt: options.holdExpiresAt ?? null,
      createdVia: options.createdVia ?? "pk",
      codeHash: options.code ? sha256Hex(options.code) : null,
      accessTokenHash: sha256Hex(token),
      accessTokenSealed: seal(token),
      rescheduledFromId: options.rescheduledFromId ?? null,
      seriesId: options.seriesId ?? null,
      sessionId: options.sessionId ?? null,
      isAnnounced: options.isAnnounced ?? status === "confirmed",
      confirmedAt: options.confirmedAt !== undefined ? options.confirmedAt : status === "confirmed" ? new Date() : null,
    })
    .returning();
  if (!booking) throw new Error("seedBooking: no booking");
  return { booking, token, serviceId, customerId: customer.id };
}

/**
 * An external calendar row without reading its source (the auth matrix's world): its address
 * points nowhere, so a sync of it fails. Tests of syncing connect through the API instead.
 */
export async function addExternalCalendar(ws: TestWorkspace, staffId: string, url = "http://127.0.0.1:9/private-world.ics"): Promise<ExternalCalendarRow> {
  const [row] = await db()
    .insert(externalCalendars)
    .values({ workspaceId: ws.id, staffId, kind: "ics", displayUrl: "http://127.0.0.1:9/….ics", credentialsSealed: sealCredentials({ url }), name: "World" })
    .returning();
  if (!row) throw new Error("addExternalCalendar: no row");
  return row;
}
