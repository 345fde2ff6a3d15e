import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import { outboxMessages } from "@/lib/db/schema";
import { restartJournalForTesting } from "@/lib/notifications/sent-journal";
import { setMessageTransportsForTesting, type Mailer } from "@/lib/notifications/transports";
import { setClockOffset } from "@/lib/time/clock";
import { newWorkspace } from "../helpers/fixtures";
import { seedBooking } from "../helpers/factories";
import { captureMailer, outboxRows, queueMessage, runJobs, STARTS_AT } from "../helpers/outbox";
import { currentDb } from "../helpers/setup-file";

afterEach(async () => {
  setMessageTransportsForTesting(undefined);
  await setClockOffset(currentDb().db, 0);
});

async function queuedFor(label: string, hour = 0) {
  const ws = await newWorkspace();
  const email = `${label}-${ws.id}@example.com`;
  const { booking } = await seedBooking(ws, { startsAt: new Date(STARTS_AT.getTime() + hour * 3_600_000), customer: { email } });
  await queueMessage(booking.id, "confirmation");
  return email;
}

describe("outbox claims (docs/idempotency.md#messages-and-webhooks-after-a-crash)", () => {
  it("a message being sent is not sent again when the app clock moves past its lease meanwhile and another sender runs", async () => {
    const email = await queuedFor("slow");
    const capture = captureMailer();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const sending = new Promise<void>((resolve) => (started = resolve));
    let calls = 0;
    const slow: Mailer = {
      // The first send of the message waits on the provider until released.
      send: async (message) => {
        if (message.to === email && calls++ === 0) {
          started();
          await held;
        }
        await capture.mailer.send(message);
      },
    };
    setMessageTransportsForTesting({ mailer: slow });
    const first = runJobs();
    await sending;
    // Ten minutes on the dev clock, twice the lease, while the first sender still waits on the provider.
    await setClockOffset(currentDb().db, 10 * 60_000);
    await runJobs();
    release();
    await first;
    expect(capture.sent.filter((raw) => raw.includes(email))).toHaveLength(1);
    expect(await outboxRows(email)).toMatchObject([{ status: "sent", attempts: 1, claimedBy: null }]);
  });

  it("a process that starts sends at once what a killed one still held, and never again what the provider had accepted from it", async () => {
    const held = await queuedFor("held", 0);
    const accepted = await queuedFor("accepted", 1);
    // A killed process: it claimed both, the provider accepted one (its journal says so), then it died.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;
    const deadOwner = randomUUID();
    const [acceptedRow] = await outboxRows(accepted);
    writeFileSync(path.join(getConfig().dataDir, `outbox-sent.${deadPid}.log`), `boot ${deadOwner}\n${acceptedRow!.id}\n`);
    for (const to of [held, accepted]) {
      await currentDb()
        .db.update(outboxMessages)
        .set({ attempts: 1, claimedBy: deadOwner, claimExpiresAt: sql`now() + interval '5 minutes'` })
        .where(eq(outboxMessages.to, to));
    }
    const capture = captureMailer();
    setMessageTransportsForTesting({ mailer: capture.mailer });
    restartJournalForTesting();
    await runJobs();
    // No clock moved, no lease waited for.
    expect(capture.sent.filter((raw) => raw.includes(held))).toHaveLength(1);
    expect(capture.sent.filter((raw) => raw.includes(accepted))).toHaveLength(0);
    expect(await outboxRows(held)).toMatchObject([{ status: "sent", attempts: 2 }]);
    expect(await outboxRows(accepted)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });
});
