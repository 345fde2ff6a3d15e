import { sql } from "drizzle-orm";
import { createAccount } from "@/lib/accounts/create-account";
import type { Db } from "@/lib/db/client";
import { systemClock } from "@/lib/time/clock";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { BENCH_ZONE, SERVICE_MINUTES, seedBookingsWorkspace, type SeededBookings } from "./seed";

/**
 * Cost as history grows (issue "A simpler core at the same speed", item 9): the bench's
 * workspace again, with two years behind it. 500 workspaces, 50 calendars in the measured one
 * (its service on the same 10 as the small seed's, with the same 2,000 future bookings), and
 * 200,000 bookings in all, the past ones written by SQL in a few statements (not the API):
 * four a day for two years on each of the 50 calendars, one in ten cancelled, 20,000 customers;
 * and 499 other workspaces with their own calendar, customer and a booking a day. The measured
 * lines (`historyCreate`, `history7`) are held against the small seed's `create` and `fresh7`
 * of the same run.
 */
export const HISTORY_CALENDARS = 50;
export const HISTORY_WORKSPACES = 500;
export const HISTORY_BOOKINGS = 200_000;
const HISTORY_DAYS = 730;
const PAST_PER_CALENDAR_DAY = 4;
const HISTORY_CUSTOMERS = 20_000;
/** Pro's largest step allows 25 active workspaces an account. */
const WORKSPACES_PER_ACCOUNT = 25;

export async function seedHistoryWorkspace(db: Db): Promise<SeededBookings & { bookings: number }> {
  const seeded = await seedBookingsWorkspace(db, { name: "Bench history", calendars: HISTORY_CALENDARS });
  const ws = seeded.workspaceId;
  // The first day of the past is the day before the future's first (local midnight, as an instant).
  const firstDay = seeded.firstDay.toJSDate().toISOString();

  await db.execute(sql`
    insert into customers (workspace_id, name, email)
    select ${ws}::uuid, 'History ' || i, 'history-' || i || '@bench.example' from generate_series(1, ${HISTORY_CUSTOMERS}) i`);
  // Each calendar's four a day at distinct hours ((c + 3k) mod 8, as the future's), so no two overlap.
  await db.execute(sql`
    with calendars as (
      select id, (row_number() over (order by created_at, id) - 1)::int as c from staff where workspace_id = ${ws}::uuid
    ), people as (
      select array_agg(id order by email) as ids from customers where workspace_id = ${ws}::uuid and email like 'history-%'
    ), starts as (
      select calendars.id as staff_id, calendars.c, d, k,
        ${firstDay}::timestamptz - make_interval(days => d) + make_interval(hours => 9 + ((calendars.c + 3 * k) % 8)) as at
      from calendars, generate_series(1, ${HISTORY_DAYS}) d, generate_series(0, ${PAST_PER_CALENDAR_DAY - 1}) k
    )
    insert into bookings (workspace_id, service_id, staff_id, customer_id, starts_at, ends_at, occupied_start, occupied_end,
      status, created_via, confirmed_at, cancelled_at, created_at, updated_at)
    select ${ws}::uuid, ${seeded.serviceId}::uuid, staff_id, people.ids[1 + ((d * 4 + k + c) % ${HISTORY_CUSTOMERS})],
      at, at + make_interval(mins => ${SERVICE_MINUTES}), at, at + make_interval(mins => ${SERVICE_MINUTES}),
      case when (d + k + c) % 10 = 0 then 'cancelled' else 'confirmed' end, 'sk', at - interval '7 days',
      case when (d + k + c) % 10 = 0 then at - interval '1 day' end, at - interval '7 days', at - interval '1 day'
    from starts, people`);

  // The other 499 workspaces, through the domain (accounts, workspaces and their first calendar), then their history by SQL.
  const others = HISTORY_WORKSPACES - 1;
  for (let made = 0, n = 0; made < others; n++) {
    const { account } = await createAccount(db, { name: `History account ${n}`, plan: "pro", planStep: 5 });
    for (let i = 0; i < WORKSPACES_PER_ACCOUNT && made < others; i++, made++) {
      await createWorkspace({
        ctx: { db, account, clock: systemClock },
        input: { name: `History filler ${made}`, timezone: BENCH_ZONE, staff_name: "Calendar" },
      });
    }
  }
  await db.execute(sql`
    insert into services (workspace_id, name, duration_minutes)
    select id, 'Visit', ${SERVICE_MINUTES} from workspaces where name like 'History filler %'`);
  await db.execute(sql`
    insert into customers (workspace_id, name, email)
    select id, 'Filler customer', 'filler@bench.example' from workspaces where name like 'History filler %'`);
  const historyBookings = sql`select count(*)::int as n from bookings b join workspaces w on w.id = b.workspace_id
    where w.id = ${ws}::uuid or w.name like 'History filler %'`;
  const [counted] = rowsOf<{ n: number }>(await db.execute(historyBookings));
  const perOther = Math.ceil((HISTORY_BOOKINGS - (counted?.n ?? 0)) / others);
  await db.execute(sql`
    insert into bookings (workspace_id, service_id, staff_id, customer_id, starts_at, ends_at, occupied_start, occupied_end,
      status, created_via, confirmed_at, created_at, updated_at)
    select w.id, v.id, s.id, p.id, at, at + make_interval(mins => ${SERVICE_MINUTES}), at, at + make_interval(mins => ${SERVICE_MINUTES}),
      'confirmed', 'sk', at - interval '7 days', at - interval '7 days', at - interval '7 days'
    from workspaces w
    join staff s on s.workspace_id = w.id
    join services v on v.workspace_id = w.id
    join customers p on p.workspace_id = w.id,
    lateral (select ${firstDay}::timestamptz - make_interval(days => d) + interval '10 hours' as at from generate_series(1, ${perOther}) d) days
    where w.name like 'History filler %'`);
  const [total] = rowsOf<{ n: number }>(await db.execute(historyBookings));
  return { ...seeded, bookings: total?.n ?? 0 };
}

/** drizzle's execute answers rows on postgres.js and `{ rows }` on PGlite. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
