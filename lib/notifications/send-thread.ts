import { Worker } from "node:worker_threads";

/**
 * The thread the real ports (SMTP, Twilio) send through (docs/idempotency.md#messages-and-webhooks-after-a-crash).
 * It does nothing else, so it writes a message's journal line (./sent-journal.ts) the moment it
 * matters, never behind the request loop's work:
 *
 * - SMTP: `handed <id>` right after the message's last bytes (the end of DATA) are written,
 *   in the same turn of this thread's loop, before any answer can be read. From then on the
 *   server holds a whole message and accepts it whether or not this process lives to read the
 *   `250`, so a process that dies after the line counts the message sent (the next one marks
 *   it, never sends it again). A refusal or a broken conversation writes `unsent <id>` before
 *   this thread answers, and the row is retried. Written once the `250` was read instead, the
 *   line missed every kill between the server's acceptance and this thread reading it (53 ms
 *   once on a loaded 2-core machine: the thread waited for a core), and the next process sent
 *   the message again; written just before the last bytes, a kill between the two lost it.
 *   What is left is the few microseconds between the write and the line (a second copy,
 *   under the same Message-ID), unless the thread is preempted right there.
 * - Twilio (HTTPS): the same, around the request's last byte, once the rest of it is in the
 *   kernel: the provider cannot act on a request it has not read whole.
 *
 * Its code is plain JavaScript held here as text (`eval`), so that it runs the same whether
 * this module is loaded from source (tests), from Next's bundles or from the server bundle of
 * `npm start`: no file of its own has to be found beside any of them. It loads nodemailer from
 * the app's folder (the working directory, as `npm start` runs). It is unref'd while idle, so it
 * never keeps a process alive; SIGKILL ends it with the process, and a SIGTERM drain waits for
 * the send under way (the in-process runner's step) before the process exits.
 */
export type ThreadSend =
  | { kind: "smtp"; url: string; options: Record<string, unknown>; mail: Record<string, unknown> }
  | { kind: "http"; url: string; init: { method: string; headers: Record<string, string>; body: string }; timeoutMs: number; refusal: string };

/** Where the thread writes a message's journal lines: this thread's journal file, and the row's id. */
export type JournalEntry = { file: string; id: string };

const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { appendFileSync } = require("node:fs");
const { Transform } = require("node:stream");
let smtp;
function smtpTransport(url, options) {
  if (smtp !== undefined && smtp.url === url) return smtp.transport;
  const transport = require("nodemailer").createTransport({ url, ...options });
  // nodemailer's stream plugin step: the message's last transform sees its end go by; the end
  // of DATA is written to the socket within the same turn of this loop (its streams hand it on
  // in process.nextTick callbacks, measured 20–100 µs, no turn between), so a setImmediate
  // from there runs after it and before the server's answer can be read.
  transport.use("stream", (mail, done) => {
    const journal = mail.data.journal;
    if (journal) {
      mail.message.transform(
        () =>
          new Transform({
            transform(chunk, encoding, callback) {
              callback(null, chunk);
            },
            flush(callback) {
              callback();
              setImmediate(() => appendFileSync(journal.file, "handed " + journal.id + "\\n"));
            },
          }),
      );
    }
    done();
  });
  smtp = { url, transport };
  return transport;
}
// The provider cannot act on a request before its last byte (the form's length is declared):
// the rest is written first; once it is in the kernel, that byte, then the line, in one turn.
function post(job, journal) {
  return new Promise((resolve, reject) => {
    const body = Buffer.from(job.init.body);
    const url = new URL(job.url);
    const request = require(url.protocol === "https:" ? "node:https" : "node:http").request(url, {
      method: job.init.method,
      headers: { ...job.init.headers, "Content-Length": String(body.length) },
    });
    const timer = setTimeout(() => request.destroy(new Error("No answer within " + job.timeoutMs + " ms.")), job.timeoutMs);
    const fail = (error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on("error", fail);
    request.on("response", (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", fail);
      response.on("end", () => {
        clearTimeout(timer);
        const status = response.statusCode || 0;
        if (status >= 200 && status < 300) return resolve();
        reject(new Error(job.refusal + " " + status + ": " + Buffer.concat(chunks).toString("utf8").slice(0, 300)));
      });
    });
    request.write(body.subarray(0, body.length - 1), (error) => {
      // A request that failed before is answered by its "error" event.
      if (error) return;
      request.end(body.subarray(body.length - 1));
      if (journal) setImmediate(() => appendFileSync(journal.file, "handed " + journal.id + "\\n"));
    });
  });
}
async function send(job, journal) {
  try {
    if (job.kind === "smtp") await smtpTransport(job.url, job.options).sendMail(journal ? { ...job.mail, journal } : job.mail);
    else await post(job, journal);
  } catch (error) {
    if (journal) appendFileSync(journal.file, "unsent " + journal.id + "\\n");
    throw error;
  }
}
parentPort.on("message", async ({ seq, job, journal }) => {
  try {
    await send(job, journal);
    parentPort.postMessage({ seq });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    parentPort.postMessage({ seq, error: { message, responseCode: error && error.responseCode } });
  }
});
`;

type Waiting = { resolve: () => void; reject: (error: Error) => void };
type Thread = { worker: Worker; waiting: Map<number, Waiting> };
type ThreadState = { current?: Thread; seq: number };
// On globalThis: Next.js may load this module once per bundle, and every copy shares one thread.
const state: ThreadState = ((globalThis as { __outboxSendThread?: ThreadState }).__outboxSendThread ??= { seq: 0 });

/** Sends through the thread, which writes `journal`'s lines (above); resolves once the provider accepted, rejects with its refusal. */
export function sendInThread(job: ThreadSend, journal: JournalEntry | undefined): Promise<void> {
  const { worker, waiting } = thread();
  const seq = ++state.seq;
  return new Promise<void>((resolve, reject) => {
    waiting.set(seq, { resolve, reject });
    worker.ref();
    worker.postMessage({ seq, job, journal });
  });
}

function thread(): Thread {
  if (state.current) return state.current;
  const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], name: "outbox-send" });
  const current: Thread = { worker, waiting: new Map() };
  worker.on("message", ({ seq, error }: { seq: number; error?: { message: string; responseCode?: number } }) => {
    const waiting = current.waiting.get(seq);
    current.waiting.delete(seq);
    if (current.waiting.size === 0) worker.unref();
    if (!waiting) return;
    if (error) waiting.reject(Object.assign(new Error(error.message || "Sending failed."), error.responseCode ? { responseCode: error.responseCode } : {}));
    else waiting.resolve();
  });
  // A thread that fails or ends refuses the sends it held (they are tried again later); the next send starts a new one.
  const lost = (reason: string) => {
    if (state.current === current) state.current = undefined;
    for (const waiting of current.waiting.values()) waiting.reject(new Error(`The sending thread stopped: ${reason}`));
    current.waiting.clear();
  };
  worker.on("error", (error) => lost(error.message));
  worker.on("exit", (code) => lost(`exit code ${code}`));
  worker.unref();
  state.current = current;
  return current;
}
