import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, bookingVolumes } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { book, localAt } from "../helpers/bookings";
import { newAccount, newWorkspaceOn, type TestAccount } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { addService, seedBooking } from "../helpers/factories";

/**
 * The booking volume a create checks (429 booking_volume_refused) is one row per account and
 * billing period kept by triggers (migration 0010). After every commit it must equal what it
 * replaced: the account's bookings created in that UTC month, whatever became of them.
 */
const db = () => currentDb().db;

/** The kept rows and the counted truth for one account, as { "YYYY-MM-DD": n } each. */
async function keptAndCounted(account: TestAccount): Promise<[Record<string, number>, Record<string, number>]> {
  const kept = await db().select().from(bookingVolumes).where(eq(bookingVolumes.accountId, account.id));
  const counted = (await db().execute(sql`
    SELECT to_char(date_trunc('month', b.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period, count(*)::int AS n
    FROM bookings b JOIN workspaces w ON w.id = b.workspace_id WHERE w.account_id = ${account.id} GROUP BY 1`)) as unknown as
    { rows: { period: string; n: number }[] } | { period: string; n: number }[];
  const rows = Array.isArray(counted) ? counted : counted.rows;
  return [
    Object.fromEntries(kept.filter((row) => row.created !== 0).map((row) => [row.period, row.created])),
    Object.fromEntries(rows.map((row) => [row.period, Number(row.n)])),
  ];
}

describe("booking volume", () => {
  it("equals the account's bookings per billing period after creates, cancels, moves, deletes and a rollback", async () => {
    const account = await newAccount();
    const first = await newWorkspaceOn(account);
    const second = await newWorkspaceOn(account);
    const serviceA = await addService(first, { durationMinutes: 30 });
    const serviceB = await addService(second, { durationMinutes: 30 });
    const expectKept = async (expected: Record<string, number>) => {
      const [kept, counted] = await keptAndCounted(account);
      expect(kept).toEqual(counted);
      expect(kept).toEqual(expected);
    };
    await expectKept({});

    const a1 = await book(first, { service_id: serviceA.id, starts_at: localAt(first, 2, "09:00") });
    const b1 = await book(second, { service_id: serviceB.id, starts_at: localAt(second, 2, "09:00") });
    expect([a1.status, b1.status]).toEqual([201, 201]);
    const [{ period: thisPeriod }] = (await db()
      .select({ period: sql<string>`to_char(date_trunc('month', ${bookings.createdAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')` })
      .from(bookings)
      .where(eq(bookings.id, a1.body.id))) as [{ period: string }];
    await expectKept({ [thisPeriod]: 2 });

    // A cancelled booking still counts: the limit is on bookings created.
    expect((await api.post(`/v1/bookings/${a1.body.id}/cancel`, { key: first.sk })).status).toBe(200);
    expect((await book(first, { service_id: serviceA.id, starts_at: localAt(first, 2, "10:00") })).status).toBe(201);
    await expectKept({ [thisPeriod]: 3 });

    // A booking written into an earlier period (the last second of a month, UTC), then moved
    // across the boundary to the first second of the next, then deleted.
    const { booking } = await seedBooking(first, { startsAt: new Date(localAt(first, 3, "11:00")), serviceId: serviceA.id });
    await db()
      .update(bookings)
      .set({ createdAt: new Date("2029-12-31T23:59:59.999Z") })
      .where(eq(bookings.id, booking.id));
    await expectKept({ [thisPeriod]: 3, "2029-12-01": 1 });
    await db()
      .update(bookings)
      .set({ createdAt: new Date("2030-01-01T00:00:00Z") })
      .where(eq(bookings.id, booking.id));
    await expectKept({ [thisPeriod]: 3, "2030-01-01": 1 });
    await db().delete(bookings).where(eq(bookings.id, booking.id));
    await expectKept({ [thisPeriod]: 3 });

    // A transaction that inserts and rolls back leaves nothing behind.
    await expect(
      db().transaction(async (tx) => {
        const [row] = await tx.select().from(bookings).where(eq(bookings.id, a1.body.id));
        await tx.insert(bookings).values({ ...row!, id: undefined, status: "cancelled", accessTokenHash: null } as never);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await expectKept({ [thisPeriod]: 3 });
  });
});
