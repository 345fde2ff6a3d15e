import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { latestCodeFor, localAt } from "../helpers/bookings";
import { newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { addService, updateWorkspace } from "../helpers/factories";
import { calendarOf, startIcsServer } from "../helpers/ics-server";

/** Every row of every table, as text: what a leaked database dump would show. */
async function dumpEveryTable(): Promise<string> {
  const db = currentDb().db;
  const result = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const tables = (Array.isArray(result) ? result : (result as { rows: { table_name: string }[] }).rows).map((row) => row.table_name);
  expect(tables).toEqual(expect.arrayContaining(["accounts", "account_keys", "api_keys", "bookings", "webhook_endpoints", "outbox_messages"]));
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await db.execute(sql.raw(`select * from "${table}"`));
    parts.push(`${table}: ${JSON.stringify(Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)}`);
  }
  return parts.join("\n");
}

describe("secrets at rest", () => {
  it("keeps no full secret key, account key, manage token, verification code, webhook secret or external calendar address in clear", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 30 });
    const email = `secret-${Date.now()}@example.com`;
    const booking = await api.post("/v1/bookings", {
      key: ws.sk,
      body: { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: { name: "Ada", email } },
    });
    expect(booking.status).toBe(201);
    expect(booking.body.status).toBe("pending");
    const code = await latestCodeFor(email);
    const endpoint = await api.post("/v1/webhook-endpoints", { key: ws.sk, body: { url: "https://hooks.example.com/in", events: ["booking.created"] } });
    const rotated = await api.post(`/v1/webhook-endpoints/${endpoint.body.id}/rotate-secret`, { key: ws.sk });
    // An external calendar's secret address (Google's "secret address in iCal format" is a bearer secret).
    const feedSecret = "private-9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f";
    const icsServer = await startIcsServer();
    icsServer.publish(`/calendar/ical/${feedSecret}/basic.ics`, { body: calendarOf([]) });
    const external = await api.post(`/v1/staff/${ws.staffId}/external-calendars`, {
      key: ws.sk,
      body: { kind: "ics", url: icsServer.url(`/calendar/ical/${feedSecret}/basic.ics`) },
    });
    expect(external.status).toBe(201);
    const secrets = {
      secret_key: ws.sk,
      account_key: ws.accountKey,
      access_token: booking.body.access_token as string,
      webhook_secret: endpoint.body.secret as string,
      rotated_webhook_secret: rotated.body.secret as string,
      external_calendar_address: feedSecret,
    };
    for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThan(20);

    // The code is emailed (the outbox is the mail log, by design); everywhere else it is hashed.
    await currentDb().db.execute(sql`delete from outbox_messages where "to" = ${email}`);
    const dump = await dumpEveryTable();
    for (const [name, value] of Object.entries(secrets)) expect(dump.includes(value), `${name} in clear`).toBe(false);
    expect(dump).not.toMatch(new RegExp(`"${code}"`));
    // The publishable key is public by design and is kept in clear.
    expect(dump.includes(ws.pk)).toBe(true);
  });
});
