import { Worker } from "node:worker_threads";

/**
 * The thread the real ports (SMTP, Twilio) send through (docs/idempotency.md#messages-and-webhooks-after-a-crash).
 * A message's id goes into the sent journal (./sent-journal.ts) the moment the provider's
 * acceptance is read; read on the request loop, that acceptance waited behind whatever the loop
 * was doing (route code loading in a process's first seconds, requests), and a SIGKILL inside
 * the wait sent the message again from the next process (the crash suite on PostgreSQL: 2 of
 * 207, accepted 88 and 141 ms before a kill). This thread does nothing else: it holds the SMTP
 * conversation or the HTTPS request, reads the provider's answer at once and appends the
 * journal line synchronously before it answers the main thread.
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

/** The journal line the thread appends to `file` once the provider has accepted, before it answers. */
export type AcceptanceLine = { file: string; line: string };

const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { appendFileSync } = require("node:fs");
let smtp;
async function send(job) {
  if (job.kind === "smtp") {
    if (smtp === undefined || smtp.url !== job.url) {
      smtp = { url: job.url, transport: require("nodemailer").createTransport({ url: job.url, ...job.options }) };
    }
    await smtp.transport.sendMail(job.mail);
    return;
  }
  const response = await fetch(job.url, { ...job.init, signal: AbortSignal.timeout(job.timeoutMs) });
  if (response.ok) return;
  const detail = await response.text().catch(() => "");
  throw new Error(job.refusal + " " + response.status + ": " + detail.slice(0, 300));
}
parentPort.on("message", async ({ seq, job, accepted }) => {
  try {
    await send(job);
    if (accepted) appendFileSync(accepted.file, accepted.line);
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

/** Sends through the thread; resolves once the provider accepted and `accepted` (if any) is written, rejects with the provider's refusal. */
export function sendInThread(job: ThreadSend, accepted: AcceptanceLine | undefined): Promise<void> {
  const { worker, waiting } = thread();
  const seq = ++state.seq;
  return new Promise<void>((resolve, reject) => {
    waiting.set(seq, { resolve, reject });
    worker.ref();
    worker.postMessage({ seq, job, accepted });
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
