import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getConfig, setConfigForTesting } from "@/lib/config";
import { outboxMessages } from "@/lib/db/schema";
import { OUTBOX_MAX_ATTEMPTS } from "@/lib/notifications/send-due-messages";
import { restartJournalForTesting } from "@/lib/notifications/sent-journal";
import { setMessageTransportsForTesting, type Mailer } from "@/lib/notifications/transports";
import { setClockOffset } from "@/lib/time/clock";
import { newWorkspace } from "../helpers/fixtures";
import { seedBooking } from "../helpers/factories";
import { captureMailer, outboxRows, queueMessage, runJobs, STARTS_AT } from "../helpers/outbox";
import { currentDb } from "../helpers/setup-file";
import { startSmtpServer } from "../helpers/smtp";

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

/** The message to `to` as a process left it when it was killed sending it: attempted once, its lease still running. */
async function claimedBy(owner: string, to: string) {
  await currentDb()
    .db.update(outboxMessages)
    .set({ attempts: 1, claimedBy: owner, claimExpiresAt: sql`now() + interval '5 minutes'` })
    .where(eq(outboxMessages.to, to));
}

/** A process that has just started runs its jobs once; what it sent is captured. */
async function startAndSend() {
  const capture = captureMailer();
  setMessageTransportsForTesting({ mailer: capture.mailer });
  restartJournalForTesting();
  await runJobs();
  return capture;
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
    expect(await outboxRows(first)).toMatchObject([{ status: "pending", attempts: 1, claimedBy: expect.any(String) }]);
    for (const to of rest) expect(await outboxRows(to)).toMatchObject([{ status: "pending", attempts: 0, claimedBy: null }]);
    release();
    await round;
    for (const to of [first, ...rest]) {
      expect(capture.sent.filter((raw) => raw.includes(to))).toHaveLength(1);
      expect(await outboxRows(to)).toMatchObject([{ status: "sent", attempts: 1, claimedBy: null }]);
    }
  });

  it("six processes killed in a row, each at its third send, give up no message: each is sent once by the next process", async () => {
    const emails: string[] = [];
    for (let hour = 10; hour < 30; hour++) emails.push(await queuedFor(`backlog${hour}`, hour));
    const capture = captureMailer();
    for (let kill = 0; kill < 6; kill++) {
      let sends = 0;
      let died = () => {};
      const death = new Promise<void>((resolve) => (died = resolve));
      setMessageTransportsForTesting({
        mailer: {
          send: async (message) => {
            // A SIGKILL at the third send: the process never answers again, its claims stay as they are.
            if (++sends === 3) {
              died();
              await new Promise(() => {});
            }
            await capture.mailer.send(message);
          },
        },
      });
      await Promise.race([death, runJobs()]);
      restartJournalForTesting();
    }
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await runJobs();
    // Claimed 50 at a time, each kill counted an attempt against the whole backlog: 10 of these 20 were given up after five.
    for (const to of emails) {
      expect(capture.sent.filter((raw) => raw.includes(to))).toHaveLength(1);
      expect(await outboxRows(to)).toMatchObject([{ status: "sent" }]);
    }
  });

  it("a message at the head of the queue, cut short by five kills in a row, is still sent once: a death is not a failed attempt", async () => {
    const head = await queuedFor("head", 40);
    const capture = captureMailer();
    for (let kill = 0; kill < OUTBOX_MAX_ATTEMPTS; kill++) {
      let died = () => {};
      const death = new Promise<void>((resolve) => (died = resolve));
      // Every process is killed while it sends the head message, the first one it claims.
      setMessageTransportsForTesting({
        mailer: {
          send: async (message) => {
            if (message.to !== head) return capture.mailer.send(message);
            died();
            await new Promise(() => {});
          },
        },
      });
      await Promise.race([death, runJobs()]);
      restartJournalForTesting();
    }
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await runJobs();
    expect(capture.sent.filter((raw) => raw.includes(head))).toHaveLength(1);
    expect(await outboxRows(head)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("a process that starts sends at once what a killed one still held, and never again what the provider had accepted from it", async () => {
    const held = await queuedFor("held", 0);
    const accepted = await queuedFor("accepted", 1);
    // A killed process: it claimed both, the provider accepted one (its journal says so), then it died.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;
    const deadOwner = randomUUID();
    const [acceptedRow] = await outboxRows(accepted);
    writeFileSync(path.join(getConfig().dataDir, `outbox-sent.${deadPid}.log`), `boot ${deadOwner}\n${acceptedRow!.id}\n`);
    for (const to of [held, accepted]) await claimedBy(deadOwner, to);
    const capture = await startAndSend();
    // No clock moved, no lease waited for.
    expect(capture.sent.filter((raw) => raw.includes(held))).toHaveLength(1);
    expect(capture.sent.filter((raw) => raw.includes(accepted))).toHaveLength(0);
    // The attempt the death cut short is not counted.
    expect(await outboxRows(held)).toMatchObject([{ status: "sent", attempts: 1 }]);
    expect(await outboxRows(accepted)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it.runIf(process.platform === "linux")("a killed process's claims are released even when the kernel has handed its pid to another process", async () => {
    const held = await queuedFor("reused", 3);
    // A live process stands in for the one the pid was handed to; the journal says the killed owner started at another time.
    const stranger = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
    try {
      const deadOwner = randomUUID();
      writeFileSync(path.join(getConfig().dataDir, `outbox-sent.${stranger.pid}.log`), `boot ${deadOwner} 1\n`);
      await claimedBy(deadOwner, held);
      const capture = await startAndSend();
      expect(capture.sent.filter((raw) => raw.includes(held))).toHaveLength(1);
      expect(await outboxRows(held)).toMatchObject([{ status: "sent", attempts: 1 }]);
    } finally {
      stranger.kill("SIGKILL");
    }
  });

  it("through real SMTP, the acceptance is journalled by the sending thread while this process's loop is busy: a kill after the server's 250 cannot send it again", async () => {
    const email = await queuedFor("busy-loop", 50);
    const [row] = await outboxRows(email);
    // This thread's journal (lib/notifications/sent-journal.ts names it by pid and thread).
    const journal = path.join(getConfig().dataDir, `outbox-sent.${process.pid}${threadId === 0 ? "" : `-${threadId}`}.log`);
    const journalled = () => existsSync(journal) && readFileSync(journal, "utf8").split("\n").includes(row!.id);
    let waitedMs: number | undefined;
    const smtp = startSmtpServer({
      // The server has written its 250; this loop (the app's) is then held busy, as by route code
      // loading: only another thread can read that answer and write the journal line meanwhile.
      afterAccept: (mail) => {
        if (mail.to !== email) return;
        const start = performance.now();
        while (performance.now() - start < 5_000) {
          if (journalled()) {
            waitedMs = performance.now() - start;
            return;
          }
        }
      },
    });
    try {
      setConfigForTesting({ smtpUrl: `smtp://127.0.0.1:${await smtp.listening}`, emailFrom: "Bookings <bookings@platform.test>" });
      await runJobs();
      expect(waitedMs, "the journal line was written while this loop was busy").toBeDefined();
      expect(waitedMs!).toBeLessThan(1_000);
      expect(smtp.received.filter((mail) => mail.to === email)).toHaveLength(1);
      expect(await outboxRows(email)).toMatchObject([{ status: "sent", attempts: 1, claimedBy: null }]);
    } finally {
      await smtp.close();
    }
  });
});
