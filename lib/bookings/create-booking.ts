import { countBookingCreated } from "@/lib/observability/metrics";
import { randomUUID } from "node:crypto";
import { upsertCustomer } from "@/lib/customers/upsert-customer";
import type { Tx } from "@/lib/db/client";
import { and, eq } from "drizzle-orm";
import { bookingAnswers, bookings, staff, type BookingRow, type QuestionRow, type ServiceRow, type StaffRow } from "@/lib/db/schema";
import type { KeyActor, MemberActor, ServiceContext } from "@/lib/context";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";
import { assertPaymentPossible, recordBookingPayment, startBookingPayment } from "@/lib/payments/create-payment";
import type { BookingPaymentIntent } from "@/lib/payments/schemas";
import { assertBookingConfirmationAllowed } from "@/lib/plans/booking-allowance";
import { seal } from "@/lib/secrets/seal";
import { generateAccessToken, sha256Hex } from "@/lib/secrets/tokens";
import type { Locale } from "@/lib/i18n/locales";
import { parseInstant } from "@/lib/time/zoned";
import { assertBookingVolumeWithin } from "./booking-volume";
import { loadCreateFacts } from "./create-facts";
import type { KnownBookingDetailsAndPayment } from "@/lib/booking-details/load-booking-details";
import { startStateFor, type StartState } from "./holds";
import { bookingTimes, expireLapsedHoldsOverlapping, occupyBestFirst, occupyFirstFree } from "./occupy-slot";
import { assertBookableService, resolveCalendars } from "./resolve-calendars";
import { toBookingAnswers } from "@/lib/booking-details/answers";
import type { BookingAnswer, CreateBookingBody } from "./schemas";
import { announceConfirmed, type ConfirmationMessages } from "./settle-confirmed";
import { checkAnswers, type ValidAnswer } from "./validate-answers";
import { newVerificationCode } from "./verification-code";
import { afterCommit, withTransaction } from "@/lib/db/transaction";
import { sessionIdFor } from "./sessions";

type Ctx = Pick<ServiceContext<KeyActor | MemberActor>, "db" | "workspace" | "clock" | "actor">;

export type CreatedBooking = {
  booking: BookingRow;
  /** The manage token in clear: only for the create response (stored hashed and sealed). */
  accessToken: string;
  /** The create response's payment block (paid services, when the processor answered). */
  payment?: BookingPaymentIntent;
  /** The answers just written, as the business reads them. */
  answers: BookingAnswer[];
  /** A series' occurrences, first to last (create with `repeat`). */
  series?: { id: string; bookings: BookingRow[] };
};

/**
 * POST /v1/bookings. Validates the body against the workspace (service, calendar choice,
 * answers), checks the start with the availability engine and then the account's booking
 * volume, then writes everything in one transaction: customer, booking, answers, and the
 * outbox rows its start state calls for.
 * The exclusion constraint, not the check, decides a race: the loser gets 409.
 */
export async function createBooking({ ctx, input }: { ctx: Ctx; input: CreateBookingBody }): Promise<CreatedBooking> {
  // A series (`repeat`) is lib/bookings/create-series.ts.
  const startsAt = parseInstant(input.starts_at);
  // Creates of one start on this instance go one at a time past the check: a loser then sees
  // the winner's booking in the check and is refused there, before any write (the exclusion
  // constraint still decides between instances). A queue, not a cache: nothing outlives the
  // creates in flight.
  const slotKey = `${ctx.workspace.id}|${input.service_id}|${startsAt.getTime()}|${input.staff_id ?? ""}`;
  const earlier = inFlight.get(slotKey);
  if (earlier) await earlier.catch(() => undefined);
  const attempt = create(ctx, input, startsAt);
  inFlight.set(slotKey, attempt);
  try {
    return await attempt;
  } finally {
    if (inFlight.get(slotKey) === attempt) inFlight.delete(slotKey);
  }
}

/** The creates running on this instance, by start (bounded by the requests in flight). */
const inFlight = new Map<string, Promise<CreatedBooking>>();

async function create(ctx: Ctx, input: CreateBookingBody, startsAt: Date): Promise<CreatedBooking> {
  const now = ctx.clock.now();
  const { workspace } = ctx;
  const facts = await loadCreateFacts(ctx.db, { workspaceId: workspace.id, accountId: workspace.accountId, serviceId: input.service_id, now });
  const { service, answers } = checkBody(workspace, facts, input);
  const { plan } = facts;
  const staffIds = await resolveCalendars({
    db: ctx.db,
    workspace,
    service,
    startsAt,
    now,
    requester: ctx.actor.type,
    staffId: input.staff_id,
  });
  // After the slot check: a taken start is refused before the volume.
  assertBookingVolumeWithin(facts.volume);

  const start = startStateFor(service, workspace, now);
  const accessToken = generateAccessToken();
  const times = bookingTimes(startsAt, service);
  const write = (calendars: string[]) =>
    withTransaction(ctx, async (tx) => {
      if (start.status === "confirmed") await assertBookingConfirmationAllowed(tx, { accountId: workspace.accountId, now, plan });
      const customer = await upsertCustomer(tx, { workspaceId: workspace.id, customer: input.customer, now });
      const draft: Draft = {
        service,
        start,
        customerId: customer.id,
        customerTimezone: input.customer.timezone ?? null,
        customerLanguage: input.customer.language ?? null,
        customerLocale: input.customer.locale ?? null,
        startsAt,
        accessToken,
        answers,
        createdVia: ctx.actor.type,
        now,
      };
      const { row, code, calendar } = await occupyFirstFree(tx, calendars, times, async (savepoint, staffId) => {
        // The calendar's row, which the messages name, rides in the insert's round trip. A refused
        // insert fails the read too (the transaction is aborted): the insert's refusal is the answer.
        const [inserted, read] = await Promise.allSettled([
          insertBooking(savepoint, workspace.id, staffId, draft),
          readCalendar(savepoint, workspace.id, staffId),
        ]);
        if (inserted.status === "rejected") throw inserted.reason;
        if (read.status === "rejected") throw read.reason;
        return { ...inserted.value, calendar: read.value[0] };
      });
      const payment = await recordBookingPayment(tx, { workspace, service, bookingId: row.id, now });
      return settleStart(tx, row, code, now, { workspace, service, customer, staff: calendar, payment: payment ?? null, answers: toBookingAnswers(answers) });
    });
  const booking = await occupyBestFirst(staffIds, write);
  countBookingCreated(ctx.actor.type);
  // After commit, never inside the transaction: the PaymentIntent on the connected account.
  const payment = service.paymentMode === "none" ? undefined : await startBookingPayment(ctx, { workspaceId: workspace.id, bookingId: booking.id });
  return { booking, accessToken, payment, answers: toBookingAnswers(answers) };
}

function readCalendar(tx: Tx, workspaceId: string, staffId: string): Promise<StaffRow[]> {
  return tx
    .select()
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.workspaceId, workspaceId)));
}

/** The body against the workspace: a bookable service it can take payment for, and valid answers (in this order). */
export function checkBody(workspace: Ctx["workspace"], facts: { service: ServiceRow | undefined; questions: QuestionRow[] }, input: CreateBookingBody) {
  const service = assertBookableService(facts.service);
  assertPaymentPossible(workspace, service);
  return { service, answers: checkAnswers(facts.questions, { serviceId: service.id, answers: input.answers ?? [] }) };
}

export type Draft = {
  service: ServiceRow;
  start: StartState;
  customerId: string;
  customerTimezone: string | null;
  customerLanguage: Locale | null;
  customerLocale: string | null;
  startsAt: Date;
  accessToken: string;
  answers: ValidAnswer[];
  /** The series this occurrence belongs to (create with `repeat`). */
  seriesId?: string;
  /** A series' later occurrences are held without a code of their own: the first one's confirms them all. */
  withoutCode?: boolean;
  createdVia: "sk" | "pk";
  now: Date;
};

export async function insertBooking(tx: Tx, workspaceId: string, staffId: string, draft: Draft): Promise<{ row: BookingRow; code?: string }> {
  const id = randomUUID();
  const times = bookingTimes(draft.startsAt, draft.service);
  const verification = draft.start.status === "pending" && !draft.withoutCode ? newVerificationCode(id) : undefined;
  // Sent at once (one round trip, after the caller's locks): a transaction runs statements in
  // the order sent, so lapsed holds are flipped before the insert meets the constraint.
  const [, [row]] = await Promise.all([
    expireLapsedHoldsOverlapping(tx, { staffId, times, now: draft.now }),
    tx
      .insert(bookings)
      .values({
        id,
        workspaceId,
        serviceId: draft.service.id,
        staffId,
        sessionId: sessionIdFor(draft.service, staffId, draft.startsAt),
        seriesId: draft.seriesId ?? null,
        customerId: draft.customerId,
        customerTimezone: draft.customerTimezone,
        customerLanguage: draft.customerLanguage,
        customerLocale: draft.customerLocale,
        ...times,
        status: draft.start.status,
        holdExpiresAt: draft.start.holdExpiresAt,
        createdVia: draft.createdVia,
        codeHash: verification?.codeHash ?? null,
        accessTokenHash: sha256Hex(draft.accessToken),
        accessTokenSealed: seal(draft.accessToken),
        confirmedAt: draft.start.status === "confirmed" ? draft.now : null,
        // Announced in this transaction (settleStart): no second write to say so.
        isAnnounced: draft.start.status === "confirmed",
        createdAt: draft.now,
        updatedAt: draft.now,
      })
      .returning(),
    draft.answers.length > 0 ? tx.insert(bookingAnswers).values(draft.answers.map((answer) => ({ bookingId: id, ...answer }))) : undefined,
  ]);
  return { row: row!, code: verification?.code };
}

/**
 * What the start state sends: a confirmed booking is announced (booking.created and the
 * confirmation); a code hold sends the code; a card hold waits for its payment. A hold is
 * handed to the background driver after commit (its expiry). The messages and the event are
 * written from the rows this create holds (it has just written or checked each); only the
 * calendar is read.
 */
export async function settleStart(
  tx: Tx,
  row: BookingRow,
  code: string | undefined,
  now: Date,
  created: Created,
  messages?: ConfirmationMessages,
): Promise<BookingRow> {
  if (row.status === "confirmed") return announceConfirmed(tx, { booking: row, now, created, messages });
  if (row.holdExpiresAt) await afterCommit(tx, { type: "hold.placed", bookingId: row.id, holdExpiresAt: row.holdExpiresAt });
  // A series' later occurrence has no code of its own: the first one's message carries it.
  if (row.status === "pending" && code !== undefined)
    await queueBookingMessages(tx, { kind: "verification_code", bookingId: row.id, code, known: { ...created, booking: row }, now });
  return row;
}

/** What the create holds besides the booking itself. */
export type Created = Omit<KnownBookingDetailsAndPayment, "booking">;
