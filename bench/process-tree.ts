import { readdirSync, readFileSync } from "node:fs";

/**
 * The processes `npm start` runs (a process and all its descendants, from Linux /proc) and
 * their resident memory: "everything `npm start` runs" at one instant.
 */
export type TreeProcess = { pid: number; command: string; rssBytes: number };

export function processTree(rootPid: number): TreeProcess[] {
  const all = new Map<number, TreeProcess & { ppid: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const rssBytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
      all.set(Number(entry), { pid: Number(entry), ppid, command, rssBytes });
    } catch {
      // The process ended while we looked.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid, hops = 0; at !== undefined && at > 0 && hops < 64; at = all.get(at)?.ppid, hops++) if (at === rootPid) return true;
    return false;
  };
  return [...all.values()].filter((process) => inTree(process.pid)).map(({ pid, command, rssBytes }) => ({ pid, command, rssBytes }));
}

/** Samples the tree's total RSS every `everyMs`; `peak` is the largest sum seen since the last reset. */
export function rssSampler(rootPid: number, everyMs = 100) {
  let peak = 0;
  const sample = () => {
    peak = Math.max(
      peak,
      processTree(rootPid).reduce((sum, process) => sum + process.rssBytes, 0),
    );
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    get peak() {
      return peak;
    },
    reset() {
      peak = 0;
      sample();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
