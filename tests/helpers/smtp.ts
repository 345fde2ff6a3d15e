import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMime, type MimePart } from "./mime";

export type Received = { raw: string; message: MimePart; to: string };

/**
 * A real SMTP server (smtp-server, from npm) in the test run; point the app's SMTP_URL at it
 * and what arrives is what a mail provider would get. `refuseNext(n)` answers the next n
 * messages with a temporary failure (451).
 */
export function startSmtpServer() {
  const received: Received[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error("451 4.3.0 Try again later"), { responseCode: 451 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({ raw, message: parseMime(raw), to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",") });
        callback();
      });
    },
  });
  // A client that vanishes mid-conversation (a killed app) is its problem, not the test run's.
  server.on("error", () => {});
  const listening = new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)));
  return {
    received,
    listening,
    refuseNext: (count: number) => {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
