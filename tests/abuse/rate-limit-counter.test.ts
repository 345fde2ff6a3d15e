import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { openDb, type DbHandle } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { chargeRateLimit, RATE_LIMIT_PER_MINUTE } from "@/lib/http/rate-limit";
import { currentDb } from "../helpers/test-db";

/**
 * The counter lives in PostgreSQL and is charged in one statement, so app instances that
 * share a database share it exactly. On real PostgreSQL two separate connection pools (two
 * "instances") race on one counter; on the embedded database the same burst is serialized.
 */
let second: DbHandle | undefined;

beforeAll(async () => {
  if (currentDb().driver === "postgres") {
    const url = new URL(process.env.DATABASE_URL!);
    const current = await currentDb().db.execute<{ name: string }>(sql`select current_database() as name`);
    const rows = Array.isArray(current) ? current : (current as { rows: { name: string }[] }).rows;
    url.pathname = `/${rows[0]!.name}`;
    second = await openDb({ url: url.toString(), maxConnections: 10 });
  }
});

afterAll(async () => {
  await second?.close();
});

describe("a shared rate-limit counter", () => {
  it("lets exactly the budget through when two instances charge one bucket at once", async () => {
    const instances = [currentDb().db, (second ?? currentDb()).db];
    const bucket = `key:${randomUUID()}`;
    const now = new Date();
    const attempts = Array.from({ length: 100 }, (_, i) =>
      chargeRateLimit(instances[i % 2]!, "availability", [bucket], now).then(
        () => "allowed",
        (error: unknown) => {
          if (error instanceof DomainError && error.type === "rate_limited") return "refused";
          throw error;
        },
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === "allowed")).toHaveLength(RATE_LIMIT_PER_MINUTE.availability);
    expect(outcomes.filter((outcome) => outcome === "refused")).toHaveLength(100 - RATE_LIMIT_PER_MINUTE.availability);
  });

  it("starts a new count at the next calendar minute, for everybody at once", async () => {
    const bucket = `ip:${randomUUID()}`;
    const minute = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    const lastSecond = new Date(minute.getTime() - 1_000);
    for (let i = 0; i < RATE_LIMIT_PER_MINUTE.booking_create; i++) await chargeRateLimit(currentDb().db, "booking_create", [bucket], lastSecond);
    await expect(chargeRateLimit(currentDb().db, "booking_create", [bucket], lastSecond)).rejects.toMatchObject({ type: "rate_limited" });
    await expect(chargeRateLimit(currentDb().db, "booking_create", [bucket], minute)).resolves.toBeUndefined();
  });
});
