import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { bookings, customers, workspaces } from "@/lib/db/schema";
import { addMember } from "@/lib/members/manage-members";
import { mintSignInLink, redeemSignInLink } from "@/lib/members/sign-in";
import { systemClock } from "@/lib/time/clock";
import { BENCH_ZONE, CALENDARS, SERVICE_MINUTES, type SeededBookings } from "./seed";

/** A busy day of the console (issue "The business's console, part 1"): 200 bookings across the 10 calendars. */
export const DAY_BOOKINGS = 200;
/** Far enough ahead that no availability range or create of the other lines reaches it. */
const DAY_AHEAD = 80;

export type SeededConsoleDay = {
  /** The day (yyyy-mm-dd, the workspace's zone) and its bounds as instants. */
  date: string;
  from: string;
  to: string;
  /** A signed-in owner's session token, for the console's cookie. */
  sessionToken: string;
};

/**
 * The day the console's day view is measured on: 20 bookings on each of the 10 calendars from
 * 07:00 (every 30 minutes, written by SQL through drizzle, not the API), and an owner of the
 * account signed in (a link minted and redeemed, as the emailed one is).
 */
export async function seedConsoleDay(db: Db, seeded: SeededBookings, appUrl: string): Promise<SeededConsoleDay> {
  const now = systemClock.now();
  const day = seeded.firstDay.plus({ days: DAY_AHEAD }).setZone(BENCH_ZONE);
  const [workspace] = await db.select({ accountId: workspaces.accountId }).from(workspaces).where(eq(workspaces.id, seeded.workspaceId));
  const [customer] = await db
    .insert(customers)
    .values({ workspaceId: seeded.workspaceId, name: "Day customer", email: "day@bench.example" })
    .returning({ id: customers.id });
  const perCalendar = DAY_BOOKINGS / CALENDARS;
  const rows = seeded.calendarIds.slice(0, CALENDARS).flatMap((staffId) =>
    Array.from({ length: perCalendar }, (_, k) => {
      const start = day.set({ hour: 7 }).plus({ minutes: SERVICE_MINUTES * k });
      const startsAt = start.toJSDate();
      const endsAt = start.plus({ minutes: SERVICE_MINUTES }).toJSDate();
      return {
        workspaceId: seeded.workspaceId,
        serviceId: seeded.serviceId,
        staffId,
        customerId: customer?.id ?? "",
        startsAt,
        endsAt,
        occupiedStart: startsAt,
        occupiedEnd: endsAt,
        status: "confirmed" as const,
        createdVia: "sk" as const,
        confirmedAt: now,
      };
    }),
  );
  await db.insert(bookings).values(rows);

  const email = "owner@bench.example";
  await addMember({ ctx: { db, clock: systemClock, requestId: "bench", account: { id: workspace?.accountId ?? "" } }, input: { email, role: "owner" } });
  const link = await mintSignInLink(db, email, now, appUrl);
  const session = await redeemSignInLink({ ctx: { db, clock: systemClock, requestId: "bench" }, token: link.split("/").pop() ?? "" });
  if (!session) throw new Error("the bench's sign-in link did not open a session");
  return {
    date: day.toISODate() ?? "",
    from: day.startOf("day").toJSDate().toISOString(),
    to: day.startOf("day").plus({ days: 1 }).toJSDate().toISOString(),
    sessionToken: session.sessionToken,
  };
}
