import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database belongs to one process at a time: two PGlite instances on one data
 * directory would corrupt it. A lock file holds the owner's pid; a lock whose process is gone
 * is taken over.
 */
export class EmbeddedDatabaseInUseError extends Error {
  override name = "EmbeddedDatabaseInUseError";
  constructor(readonly pid: number) {
    super(`The embedded database is in use by another process (pid ${pid}). Stop the app (or that process) and run this again.`);
  }
}

export function acquireEmbeddedLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "owner.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(file, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8").trim());
      if (owner === process.pid) return () => rmSync(file, { force: true });
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) throw new EmbeddedDatabaseInUseError(owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the embedded database lock at ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
