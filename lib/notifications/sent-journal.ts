import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config";

/**
 * The ids of messages the provider has accepted but whose row may not say so yet, one file per
 * process in DATA_DIR (docs/idempotency.md). An id is appended (a synchronous write: it reaches
 * the kernel before anything else runs, and a killed process's writes survive it) the moment
 * the provider accepts the message, before the row is marked sent, which can wait behind other
 * statements. A process that starts marks the ids its predecessors left (their files) as sent
 * before it sends anything, so a message accepted just before a crash is not sent again when
 * its claim lapses. The window left is the provider's acceptance reaching this process.
 */
const PREFIX = "outbox-sent.";

let inFlight = 0;
let recovered = false;

function journalDir(): string {
  return getConfig().dataDir;
}

function ownFile(): string {
  return path.join(journalDir(), `${PREFIX}${process.pid}.log`);
}

/** The ids earlier processes recorded as accepted; their files are removed once `markSent` has run. */
export async function recoverAcceptedMessages(markSent: (ids: string[]) => Promise<void>): Promise<void> {
  if (recovered) return;
  const dir = journalDir();
  mkdirSync(dir, { recursive: true });
  const files = readdirSync(dir).filter((name) => name.startsWith(PREFIX) && isGone(Number(name.slice(PREFIX.length, -".log".length))));
  const ids = files.flatMap((name) =>
    readFileSync(path.join(dir, name), "utf8")
      .split("\n")
      .filter((id) => /^[0-9a-f-]{36}$/.test(id)),
  );
  if (ids.length > 0) await markSent(ids);
  for (const name of files) rmSync(path.join(dir, name), { force: true });
  recovered = true;
}

/** One send through a port: the id is recorded the moment the provider took the message, then the row is marked. */
export async function sendRecorded(id: string, send: () => Promise<void>, markSent: () => Promise<void>): Promise<void> {
  inFlight++;
  try {
    await send();
    appendFileSync(ownFile(), `${id}\n`);
    await markSent();
  } finally {
    inFlight--;
    // Every id written so far has its row marked: the file can start again.
    if (inFlight === 0) writeFileSync(ownFile(), "");
  }
}

/** A file of this very pid was left by an earlier process (pids are reused across restarts). */
function isGone(pid: number): boolean {
  if (!Number.isInteger(pid) || pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "EPERM";
  }
}
