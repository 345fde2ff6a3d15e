import { randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { getConfig } from "@/lib/config";
import type { AcceptanceLine } from "./send-thread";

/**
 * What a killed process leaves for the next one (docs/idempotency.md#messages-and-webhooks-after-a-crash):
 * one file per process in DATA_DIR, `outbox-sent.<pid>.log`. Its first line names the process's
 * boot id, the owner of every outbox claim it takes, and the kernel's start time for the pid (a
 * pid handed to a new process after ours died has another start time: the file is not taken for
 * a live process's, and its claims are released); each later line is the id of a message the
 * provider has accepted. That id is appended by a synchronous write the moment the provider's
 * acceptance arrives, before the row is marked sent (which can wait behind other statements);
 * a killed process's writes survive it.
 *
 * A process settles what dead ones left before it claims anything: their accepted ids are
 * marked sent, and the rows they still held are released at once (not after the lease), so a
 * crash neither sends a message twice nor keeps one waiting. The one window left is the
 * provider's acceptance travelling back to the sending thread (./send-thread.ts), milliseconds:
 * a death inside it sends that message again (under the same Message-ID).
 *
 * The state lives on globalThis: Next.js may load this module once per bundle, and every copy
 * must share one boot id, one file and one count of sends under way.
 */
const PREFIX = "outbox-sent.";
const BOOT_LINE = /^boot ([0-9a-f-]{36})(?: (\d+))?$/;
const ID_LINE = /^[0-9a-f-]{36}$/;

type JournalState = {
  bootId: string;
  inFlight: number;
  /** Ids written to the file whose row is not marked yet (a mark that failed is tried again). */
  unmarked: Set<string>;
  recovery?: Promise<void>;
};
const state: JournalState = ((globalThis as { __outboxSentJournal?: JournalState }).__outboxSentJournal ??= {
  bootId: randomUUID(),
  inFlight: 0,
  unmarked: new Set(),
});

export type JournalSettlement = {
  /** Marks rows sent whose message the provider accepted. */
  markSent: (ids: string[]) => Promise<void>;
  /** Releases the claims these (dead) processes still hold. */
  releaseClaims: (owners: string[]) => Promise<void>;
};

/** The owner this process writes on the rows it claims. */
export function claimOwner(): string {
  return state.bootId;
}

/**
 * Before a round claims: once per process, what dead processes left; every time, the accepted
 * ids of this process whose mark failed.
 */
export async function settleJournal(settlement: JournalSettlement): Promise<void> {
  state.recovery ??= recoverDeadProcesses(settlement).catch((error: unknown) => {
    state.recovery = undefined;
    throw error;
  });
  await state.recovery;
  if (state.unmarked.size > 0) {
    const ids = [...state.unmarked];
    await settlement.markSent(ids);
    for (const id of ids) state.unmarked.delete(id);
  }
}

/**
 * One send through a port: the id is recorded the moment the provider took the message, then
 * the row is marked. `send` is handed the line to write and says whether it wrote it: the real
 * ports write it from the sending thread as the acceptance arrives (./send-thread.ts); after any
 * other send it is written here, when the send resolves on this loop.
 */
export async function sendRecorded(id: string, send: (accepted: AcceptanceLine) => Promise<boolean>, markSent: () => Promise<void>): Promise<void> {
  state.inFlight++;
  try {
    const accepted = { file: ownFile(), line: `${id}\n` };
    if (!(await send(accepted))) appendFileSync(accepted.file, accepted.line);
    state.unmarked.add(id);
    await markSent();
    state.unmarked.delete(id);
  } finally {
    state.inFlight--;
    // Every id written so far has its row marked: the file can start again.
    if (state.inFlight === 0 && state.unmarked.size === 0) writeFileSync(ownFile(), bootLine());
  }
}

async function recoverDeadProcesses(settlement: JournalSettlement): Promise<void> {
  const dir = journalDir();
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const owners: string[] = [];
  const ids: string[] = [];
  for (const name of readdirSync(dir).filter((entry) => entry.startsWith(PREFIX))) {
    const lines = readFileSync(path.join(dir, name), "utf8").split("\n");
    const boot = BOOT_LINE.exec(lines[0] ?? "");
    if (!isLeftBehind(name, boot?.[2])) continue;
    files.push(name);
    const owner = boot?.[1];
    if (owner) owners.push(owner);
    ids.push(...lines.filter((line) => ID_LINE.test(line)));
  }
  // Marked first: a released row the provider had accepted must not be claimed again.
  if (ids.length > 0) await settlement.markSent(ids);
  if (owners.length > 0) await settlement.releaseClaims(owners);
  for (const name of files) rmSync(path.join(dir, name), { force: true });
  writeFileSync(ownFile(), bootLine());
}

function journalDir(): string {
  return getConfig().dataDir;
}

/**
 * `outbox-sent.<pid>.log`; a worker thread (the test runner's) adds `-<thread id>`: threads of
 * one process share its pid, and each keeps a journal of its own.
 */
function ownFileName(): string {
  return `${PREFIX}${process.pid}${threadId === 0 ? "" : `-${threadId}`}.log`;
}

function ownFile(): string {
  return path.join(journalDir(), ownFileName());
}

function bootLine(): string {
  const startedAt = startTimeOf(process.pid);
  return `boot ${state.bootId}${startedAt === undefined ? "" : ` ${startedAt}`}\n`;
}

/**
 * Whether the writer of a journal file is gone: it is this thread's own file (this process has
 * written nothing yet, so an earlier one left it), or its pid names no process, or a process
 * started at another time. Another thread of this process is alive.
 */
function isLeftBehind(name: string, startedAt: string | undefined): boolean {
  if (name === ownFileName()) return true;
  const pid = Number(/^\d+/.exec(name.slice(PREFIX.length))?.[0]);
  if (!Number.isInteger(pid)) return true;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
  const now = startTimeOf(pid);
  return startedAt !== undefined && now !== undefined && now !== startedAt;
}

/** When the kernel started a pid (field 22 of /proc/<pid>/stat, in clock ticks since boot); undefined off Linux. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** Tests: behave as a process that has just started (a new boot id, what dead processes left not yet settled). */
export function restartJournalForTesting(): void {
  state.bootId = randomUUID();
  state.recovery = undefined;
  state.unmarked.clear();
}
