import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getConfig, setConfigForTesting } from "@/lib/config";
import { outboxMessages } from "@/lib/db/schema";
import { OUTBOX_CLAIM_LEASE_SECONDS, OUTBOX_MAX_CRASHES, releaseMessageClaims } from "@/lib/notifications/send-due-messages";
import { setMessageTransportsForTesting, type Mailer } from "@/lib/notifications/transports";
import { setClockOffset } from "@/lib/time/clock";
import { newWorkspace } from "../helpers/fixtures";
import { seedBooking } from "../helpers/factories";
import { captureMailer, outboxRows, queueMessage, runJobs, STARTS_AT } from "../helpers/outbox";
import { currentDb } from "../helpers/test-db";

afterEach(async () => {
  setMessageTransportsForTesting(undefined);
  setConfigForTesting(undefined);
  await setClockOffset(currentDb().db, 0);
});

async function queuedFor(label: string, hour = 0) {
  const ws = await newWorkspace();
  const email = `${label}-${ws.id}@example.com`;
  const { booking } = await seedBooking(ws, { startsAt: new Date(STARTS_AT.getTime() + hour * 3_600_000), customer: { email } });
  await queueMessage(booking.id, "confirmation");
  return email;
}

/** The message to `to` as a process left it when it was killed sending it: one attempt started, none finished, its lease `lease` from now. */
async function claimedByDeadProcess(to: string, lease: "running" | "lapsed") {
  await currentDb()
    .db.update(outboxMessages)
    .set({
      attempts: 1,
      claimedBy: randomUUID(),
      claimExpiresAt: lease === "running" ? sql`now() + make_interval(secs => ${OUTBOX_CLAIM_LEASE_SECONDS})` : sql`now() - interval '1 second'`,
    })
    .where(eq(outboxMessages.to, to));
}

/** What the lease's end does to the claims of a killed sender: they lapse (in the database's time, as a real wait would). */
async function lapseLeases() {
  await currentDb().db.execute(sql`update outbox_messages set claim_expires_at = now() - interval '1 second' where claim_expires_at > now()`);
}

/** A sender killed at its `at`th send: it never answers again, its claim stays as it was. */
function killedAtSend(at: number, capture: ReturnType<typeof captureMailer>, only?: string) {
  let sends = 0;
  let died = () => {};
  const death = new Promise<void>((resolve) => (died = resolve));
  const mailer: Mailer = {
    send: async (message) => {
      if ((only === undefined || message.to === only) && ++sends === at) {
        died();
        await new Promise(() => {});
      }
      await capture.mailer.send(message);
    },
  };
  return { mailer, death };
}

describe("outbox claims (docs/idempotency.md#messages)", () => {
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
    expect(await outboxRows(email)).toMatchObject([{ status: "sent", attempts: 1, finishedAttempts: 1, claimedBy: null }]);
  });

  it("a sender holds a claim only on the message it is sending: a process killed mid-round leaves the rest unclaimed and unattempted", async () => {
    const first = await queuedFor("first", 0);
    const rest = [await queuedFor("second", 1), await queuedFor("third", 2)];
    const capture = captureMailer();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const sending = new Promise<void>((resolve) => (started = resolve));
    setMessageTransportsForTesting({
      mailer: {
        send: async (message) => {
          if (message.to === first) {
            started();
            await held;
          }
          await capture.mailer.send(message);
        },
      },
    });
    const round = runJobs();
    await sending;
    // What a SIGKILL here would leave for the next process: one claim, one attempt counted.
    expect(await outboxRows(first)).toMatchObject([{ status: "pending", attempts: 1, finishedAttempts: 0, claimedBy: expect.any(String) }]);
    for (const to of rest) expect(await outboxRows(to)).toMatchObject([{ status: "pending", attempts: 0, claimedBy: null }]);
    // The lease is a few send time-outs of the database's time, not minutes.
    const [lease] = await currentDb()
      .db.select({ seconds: sql<number>`extract(epoch from ${outboxMessages.claimExpiresAt} - now())::float8` })
      .from(outboxMessages)
      .where(eq(outboxMessages.to, first));
    expect(Number(lease!.seconds)).toBeGreaterThan(OUTBOX_CLAIM_LEASE_SECONDS - 10);
    expect(Number(lease!.seconds)).toBeLessThanOrEqual(OUTBOX_CLAIM_LEASE_SECONDS);
    release();
    await round;
    for (const to of [first, ...rest]) {
      expect(capture.sent.filter((raw) => raw.includes(to))).toHaveLength(1);
      expect(await outboxRows(to)).toMatchObject([{ status: "sent", attempts: 1, finishedAttempts: 1, claimedBy: null }]);
    }
  });

  it("six senders killed in a row, each at its third send, give up no message: once a dead sender's lease lapses, the next sends each message once", async () => {
    const emails: string[] = [];
    for (let hour = 10; hour < 30; hour++) emails.push(await queuedFor(`backlog${hour}`, hour));
    const capture = captureMailer();
    for (let kill = 0; kill < 6; kill++) {
      const { mailer, death } = killedAtSend(3, capture);
      setMessageTransportsForTesting({ mailer });
      await Promise.race([death, runJobs()]);
      await lapseLeases();
    }
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await runJobs();
    for (const to of emails) {
      expect(capture.sent.filter((raw) => raw.includes(to))).toHaveLength(1);
      expect(await outboxRows(to)).toMatchObject([{ status: "sent", finishedAttempts: 1 }]);
    }
    // Nothing of it was written to the disk.
    const dataDir = getConfig().dataDir;
    expect(existsSync(dataDir) ? readdirSync(dataDir).filter((name) => name.startsWith("outbox-sent")) : []).toEqual([]);
  });

  it("a death is not a failed attempt: a message whose senders died four times is still sent once, with one finished attempt", async () => {
    const head = await queuedFor("head", 40);
    const capture = captureMailer();
    for (let kill = 0; kill < OUTBOX_MAX_CRASHES - 1; kill++) {
      const { mailer, death } = killedAtSend(1, capture, head);
      setMessageTransportsForTesting({ mailer });
      await Promise.race([death, runJobs()]);
      await lapseLeases();
    }
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await runJobs();
    expect(capture.sent.filter((raw) => raw.includes(head))).toHaveLength(1);
    expect(await outboxRows(head)).toMatchObject([{ status: "sent", attempts: OUTBOX_MAX_CRASHES, finishedAttempts: 1, lastError: null }]);
  });

  it("a message every sender dies in is given up after five deaths (a poison message), and the messages behind it still go", async () => {
    const poison = await queuedFor("poison", 60);
    const capture = captureMailer();
    for (let kill = 0; kill < OUTBOX_MAX_CRASHES; kill++) {
      const { mailer, death } = killedAtSend(1, capture, poison);
      setMessageTransportsForTesting({ mailer });
      await Promise.race([death, runJobs()]);
      await lapseLeases();
    }
    const after = await queuedFor("after-poison", 61);
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await runJobs();
    expect(capture.sent.filter((raw) => raw.includes(poison))).toHaveLength(0);
    expect(await outboxRows(poison)).toMatchObject([
      { status: "failed", attempts: OUTBOX_MAX_CRASHES, finishedAttempts: 0, lastError: expect.stringContaining("stopped") },
    ]);
    expect(capture.sent.filter((raw) => raw.includes(after))).toHaveLength(1);
  });

  it("a dead process's claim is not taken while its lease runs, and is sent at once when it lapses, without counting the death", async () => {
    const held = await queuedFor("held", 0);
    await claimedByDeadProcess(held, "running");
    const capture = captureMailer();
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await runJobs();
    // The app clock moving does not end a lease: it is counted in the database's time.
    await setClockOffset(currentDb().db, 10 * 60_000);
    await runJobs();
    expect(capture.sent.filter((raw) => raw.includes(held))).toHaveLength(0);
    await lapseLeases();
    await runJobs();
    expect(capture.sent.filter((raw) => raw.includes(held))).toHaveLength(1);
    expect(await outboxRows(held)).toMatchObject([{ status: "sent", attempts: 2, finishedAttempts: 1, claimedBy: null }]);
  });

  it("SIGTERM: the claims this process holds are released at once, their unfinished attempt not counted, and another sender sends them", async () => {
    const email = await queuedFor("sigterm", 70);
    const capture = captureMailer();
    const { mailer, death } = killedAtSend(1, capture, email);
    setMessageTransportsForTesting({ mailer });
    void runJobs();
    await death;
    expect(await outboxRows(email)).toMatchObject([{ status: "pending", attempts: 1, claimedBy: expect.any(String) }]);
    // What the in-process runner's stop does on SIGTERM (lib/jobs/in-process-runner.ts).
    expect(await releaseMessageClaims(currentDb().db)).toBeGreaterThanOrEqual(1);
    expect(await outboxRows(email)).toMatchObject([{ status: "pending", attempts: 0, finishedAttempts: 0, claimedBy: null, claimExpiresAt: null }]);
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await runJobs();
    expect(capture.sent.filter((raw) => raw.includes(email))).toHaveLength(1);
    expect(await outboxRows(email)).toMatchObject([{ status: "sent", attempts: 1, finishedAttempts: 1 }]);
  });
});
