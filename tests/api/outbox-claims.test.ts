import { spawn, spawnSync } from "node:child_process";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
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
import { seedBooking, updateWorkspace } from "../helpers/factories";
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

/** Whether `line` is in the journal `file` within a second (polled). */
async function journalNames(file: string, line: string): Promise<boolean> {
  for (const deadline = Date.now() + 1_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 5))) {
    if (existsSync(file) && readFileSync(file, "utf8").split("\n").includes(line)) return true;
  }
  return false;
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

  it("a process that starts counts as sent what a killed one had handed to the provider whole, and sends again what the provider then refused", async () => {
    const handed = await queuedFor("handed", 4);
    const refused = await queuedFor("refused", 5);
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;
    const deadOwner = randomUUID();
    const [handedRow] = await outboxRows(handed);
    const [refusedRow] = await outboxRows(refused);
    // The sending thread's lines (lib/notifications/send-thread.ts): both went out; the second was refused, then the process died.
    const lines = [`boot ${deadOwner}`, `handed ${handedRow!.id}`, `handed ${refusedRow!.id}`, `unsent ${refusedRow!.id}`];
    writeFileSync(path.join(getConfig().dataDir, `outbox-sent.${deadPid}.log`), `${lines.join("\n")}\n`);
    for (const to of [handed, refused]) await claimedBy(deadOwner, to);
    const capture = await startAndSend();
    expect(capture.sent.filter((raw) => raw.includes(handed))).toHaveLength(0);
    expect(capture.sent.filter((raw) => raw.includes(refused))).toHaveLength(1);
    expect(await outboxRows(handed)).toMatchObject([{ status: "sent", attempts: 1 }]);
    expect(await outboxRows(refused)).toMatchObject([{ status: "sent", attempts: 1 }]);
  });

  it("through a real HTTP server standing in for Twilio, an SMS is journalled handed before its answer is read; a refusal is retried", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { smsEnabled: true });
    const phone = "+33612345670";
    const { booking } = await seedBooking(ws, {
      startsAt: new Date(STARTS_AT.getTime() + 51 * 3_600_000),
      customer: { email: `sms-${ws.id}@example.com`, phone },
    });
    await queueMessage(booking.id, "verification_code", { code: "123456" });
    const [row] = await outboxRows(phone);
    const journal = path.join(getConfig().dataDir, `outbox-sent.${process.pid}${threadId === 0 ? "" : `-${threadId}`}.log`);
    const seen: boolean[] = [];
    let status = 400;
    const server = createServer(async (request: IncomingMessage, response) => {
      for await (const chunk of request) void chunk;
      // The whole request is here; the answer waits until the journal names it (or a second).
      seen.push(await journalNames(journal, `handed ${row!.id}`));
      response.writeHead(status, { "Content-Type": "application/json" }).end(status === 201 ? `{"sid":"SM1"}` : `{"code":21211}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      setConfigForTesting({ twilio: { accountSid: "AC0123", authToken: "s3cret", from: "+15550001111", baseUrl: `http://127.0.0.1:${port}` } });
      await runJobs();
      expect(await outboxRows(phone)).toMatchObject([{ status: "pending", attempts: 1, claimedBy: null }]);
      status = 201;
      await setClockOffset(currentDb().db, 3_600_000);
      await runJobs();
      expect(seen).toEqual([true, true]);
      expect(await outboxRows(phone)).toMatchObject([{ status: "sent", attempts: 2, claimedBy: null }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("through real SMTP, a message is journalled handed before the server's answer is read: no kill after the server holds it can send it twice", async () => {
    const email = await queuedFor("journal-first", 50);
    const [row] = await outboxRows(email);
    // This thread's journal (lib/notifications/sent-journal.ts names it by pid and thread).
    const journal = path.join(getConfig().dataDir, `outbox-sent.${process.pid}${threadId === 0 ? "" : `-${threadId}`}.log`);
    const seen: boolean[] = [];
    // The server holds the whole message and withholds its answer until the journal names it (or a second).
    const smtp = startSmtpServer({
      onMessage: async (mail) => {
        if (mail.to === email) seen.push(await journalNames(journal, `handed ${row!.id}`));
      },
    });
    try {
      setConfigForTesting({ smtpUrl: `smtp://127.0.0.1:${await smtp.listening}`, smtpFrom: "Bookings <bookings@platform.test>" });
      // The first try is refused (451): it was journalled going out, then unsent, and is retried.
      smtp.refuseNext(1, email);
      await runJobs();
      expect(await outboxRows(email)).toMatchObject([{ status: "pending", attempts: 1, claimedBy: null }]);
      await setClockOffset(currentDb().db, 3_600_000);
      await runJobs();
      expect(seen).toEqual([true, true]);
      expect(smtp.received.filter((mail) => mail.to === email)).toHaveLength(1);
      expect(await outboxRows(email)).toMatchObject([{ status: "sent", attempts: 2, claimedBy: null }]);
    } finally {
      await smtp.close();
    }
  });
});
