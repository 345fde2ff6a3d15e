import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { setMessageTransportsForTesting } from "@/lib/notifications/transports";
import { parseMime, type MimePart } from "./mime";

/** `at`: when the server accepted it (ms since the epoch), for tests that line deliveries up with events. */
export type Received = { raw: string; message: MimePart; to: string; at: number };

/**
 * A real SMTP server (smtp-server, from npm) in the test run; point the app's SMTP_URL at it
 * and what arrives is what a mail provider would get. `refuseNext(n)` answers the next n
 * messages with a temporary failure (451); `refuseNext(n, address)` only those to that address.
 * `reject(address)` answers every RCPT TO of that address with a permanent 550 (a mailbox that
 * does not exist). `afterAccept` runs once a message's acceptance (250) is written to the client.
 */
export function startSmtpServer(options: { afterAccept?: (mail: Received) => void } = {}) {
  const received: Received[] = [];
  let refusals = 0;
  let refusedAddress: string | undefined;
  const rejected = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",");
        if (refusals > 0 && (refusedAddress === undefined || refusedAddress === to)) {
          refusals--;
          const error = Object.assign(new Error("451 4.3.0 Try again later"), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = { raw, message: parseMime(raw), to, at: Date.now() };
        received.push(mail);
        callback();
        options.afterAccept?.(mail);
      });
    },
  });
  // A client that vanishes mid-conversation (a killed app) is its problem, not the test run's.
  server.on("error", () => {});
  const listening = new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)));
  return {
    received,
    listening,
    reject: (address: string) => void rejected.add(address.toLowerCase()),
    refuseNext: (count: number, onlyTo?: string) => {
      refusals = count;
      refusedAddress = onlyTo;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = ReturnType<typeof startSmtpServer>;

/**
 * For a test file whose mail goes through a real SMTP server: the returned function starts
 * one and points the app's SMTP_URL (and a test sender) at it. After each test the server is
 * closed and the settings and message transports are back to the defaults.
 */
export function useSmtpServers(): () => Promise<SmtpServer> {
  let smtp: SmtpServer | undefined;
  afterEach(async () => {
    setConfigForTesting(undefined);
    setMessageTransportsForTesting(undefined);
    await smtp?.close();
    smtp = undefined;
  });
  return async () => {
    smtp = startSmtpServer();
    setConfigForTesting({ smtpUrl: `smtp://127.0.0.1:${await smtp.listening}`, emailFrom: "Bookings <bookings@platform.test>" });
    return smtp;
  };
}
