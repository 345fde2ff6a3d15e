import { randomUUID } from "node:crypto";
import { checkSlot } from "@/lib/availability/check-slot";
import { seriesStarts } from "@/lib/availability/series-starts";
import type { KeyActor, ServiceContext } from "@/lib/context";
import { upsertCustomer } from "@/lib/customers/upsert-customer";
import { isPgError, PG_DEADLOCK_DETECTED } from "@/lib/db/errors";
import type { BookingRow, ServiceRow } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { DomainError, seriesUnavailable, validationFailed } from "@/lib/errors";
import { toBookingAnswers } from "@/lib/booking-details/answers";
import { assertBookingConfirmationAllowed } from "@/lib/plans/booking-allowance";
import { generateAccessToken } from "@/lib/secrets/tokens";
import { parseInstant, toZonedIso } from "@/lib/time/zoned";
import { assertBookingVolumeWithin } from "./booking-volume";
import { checkBody, insertBooking, settleStart, type CreatedBooking, type Draft } from "./create-booking";
import { loadCreateFacts } from "./create-facts";
import { isPaidService, startStateFor } from "./holds";
import { bookingTimes, occupyFirstFree } from "./occupy-slot";
import { resolveCalendars } from "./resolve-calendars";
import type { CreateBookingBody, Repeat } from "./schemas";

type Ctx = Pick<ServiceContext<KeyActor>, "db" | "workspace" | "clock" | "actor">;

/** How often a whole series is written again after PostgreSQL broke a deadlock by aborting it. */
const DEADLOCK_RETRIES = 3;

/** Repeat is refused for a paid service, and above the service's repeat_max (422, param repeat). */
export function assertRepeatAllowed(service: Pick<ServiceRow, "paymentMode" | "repeatMax">, repeat: Repeat): void {
  if (isPaidService(service)) throw validationFailed("repeat", "A paid service cannot be booked as a series.");
  if (repeat.count > service.repeatMax) {
    throw validationFailed(
      "repeat",
      service.repeatMax === 0 ? "This service is not booked as a series." : `repeat.count may be at most ${service.repeatMax} for this service.`,
    );
  }
}

/**
 * POST /v1/bookings with `repeat`: every occurrence an ordinary booking on one calendar (the
 * first occurrence's, chosen as usual, or the next candidate on which every occurrence fits),
 * under every service rule, written in ONE transaction. All or nothing: the availability check
 * names the occurrences that cannot be booked (409 slot_unavailable with `unavailable`); a
 * writer that got in since is refused by the exclusion constraint or the seats CHECK on its
 * occurrence, which rolls the whole series back. The database, not the check, decides.
 */
export async function createSeries({ ctx, input, repeat }: { ctx: Ctx; input: CreateBookingBody; repeat: Repeat }): Promise<CreatedBooking> {
  const firstStart = parseInstant(input.starts_at);
  const now = ctx.clock.now();
  const { workspace } = ctx;
  const facts = await loadCreateFacts(ctx.db, { workspaceId: workspace.id, accountId: workspace.accountId, serviceId: input.service_id, now });
  const { service, answers } = checkBody(workspace, facts, input);
  assertRepeatAllowed(service, repeat);
  const starts = seriesStarts(firstStart, repeat, workspace.timezone);
  const named = (instants: Date[]) => instants.map((instant) => toZonedIso(instant, workspace.timezone));
  const candidates = await resolveCalendars({
    db: ctx.db,
    workspace,
    service,
    startsAt: firstStart,
    now,
    requester: ctx.actor.type,
    staffId: input.staff_id,
  }).catch((error: unknown) => {
    throw error instanceof DomainError && error.type === "slot_unavailable" ? seriesUnavailable(named([firstStart])) : error;
  });
  const staffId = await pickSeriesCalendar(ctx, service, candidates, starts, now, named);
  assertBookingVolumeWithin(facts.volume + starts.length - 1);

  const start = startStateFor(service, workspace, now);
  const seriesId = randomUUID();
  const occurrences = starts.map((startsAt) => ({ startsAt, accessToken: generateAccessToken() }));
  const write = () =>
    withTransaction(ctx, async (tx) => {
      if (start.status === "confirmed") await assertBookingConfirmationAllowed(tx, { accountId: workspace.accountId, now, plan: facts.plan });
      const customer = await upsertCustomer(tx, { workspaceId: workspace.id, customer: input.customer, now });
      const written: { row: BookingRow; code?: string }[] = [];
      for (const [index, { startsAt, accessToken }] of occurrences.entries()) {
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
          seriesId,
          withoutCode: index > 0,
        };
        written.push(
          await occupyFirstFree(tx, [staffId], bookingTimes(startsAt, service), (savepoint, calendar) =>
            insertBooking(savepoint, workspace.id, calendar, draft),
          ).catch((error: unknown) => {
            throw error instanceof DomainError && error.type === "slot_unavailable" ? seriesUnavailable(named([startsAt])) : error;
          }),
        );
      }
      // Each occurrence is announced (booking.created), but the customer and the business get ONE
      // confirmation, the first occurrence's, listing every date (docs/series-and-waitlists.md#series).
      const created = { workspace, service, customer, payment: null, answers: toBookingAnswers(answers) };
      const series = written.map(({ row }) => row);
      const rows: BookingRow[] = [];
      for (const [index, { row, code }] of written.entries()) {
        rows.push(await settleStart(tx, row, code, now, created, index === 0 ? { series } : "none"));
      }
      const [first] = rows as [BookingRow, ...BookingRow[]];
      // Shaped with the first booking's id: an Idempotency-Key is recorded against it (docs/idempotency.md).
      return { id: first.id, first, rows };
    });
  const { first, rows } = await retryDeadlocks(write);
  return { booking: first, accessToken: occurrences[0]?.accessToken ?? "", answers: toBookingAnswers(answers), series: { id: seriesId, bookings: rows } };
}

/**
 * The first candidate calendar on which every occurrence is offered; when none, 409 naming the
 * occurrences the first candidate cannot take.
 */
async function pickSeriesCalendar(ctx: Ctx, service: ServiceRow, candidates: string[], starts: Date[], now: Date, named: (instants: Date[]) => string[]) {
  let refused: Date[] | undefined;
  for (const staffId of candidates) {
    const checks = await Promise.all(starts.slice(1).map((startsAt) => checkSlot({ db: ctx.db, workspace: ctx.workspace, service, startsAt, now, staffId })));
    const failing = starts.slice(1).filter((_, index) => checks[index] !== "ok");
    if (failing.length === 0) return staffId;
    refused ??= failing;
  }
  throw seriesUnavailable(named(refused ?? starts));
}

async function retryDeadlocks<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(isPgError(error, PG_DEADLOCK_DETECTED) && attempt <= DEADLOCK_RETRIES)) throw error;
    }
  }
}
