import { spawn, type ChildProcess } from "node:child_process";
import { performance } from "node:perf_hooks";
import { processTree } from "./process-tree";

/** `npm start`, timed from the spawn to its first answer (the floor's 404); also when it first answers from the database. */
export async function startApp(env: NodeJS.ProcessEnv, base: string): Promise<{ app: ChildProcess; ms: number; databaseMs: number }> {
  const started = performance.now();
  if (process.env.BENCH_NODE_OPTIONS) env = { ...env, NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS };
  // BENCH_NODE_ARGS (node flags NODE_OPTIONS refuses, such as --cpu-prof) runs what npm start runs, without npm.
  const command = process.env.BENCH_NODE_ARGS
    ? { file: process.execPath, args: [...process.env.BENCH_NODE_ARGS.split(" "), "scripts/start.mjs"] }
    : { file: "npm", args: ["start", "--silent"] };
  const app = spawn(command.file, command.args, { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  const deadline = started + 180_000;
  while (performance.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`npm start exited with ${app.exitCode}`);
    try {
      const response = await fetch(`${base}/v1/bench-floor`);
      await response.arrayBuffer();
      if (response.status === 404) return { app, ms: performance.now() - started, databaseMs: await untilDatabaseAnswers(base, started) };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stopApp(app);
  throw new Error("npm start did not answer within 180 s");
}

/** The first answer that needs the database: an unknown key's 401 (its lookup is a query). */
async function untilDatabaseAnswers(base: string, started: number): Promise<number> {
  for (;;) {
    const response = await fetch(`${base}/v1/workspace`, { headers: { Authorization: "Bearer sk_benchbenchbenchbenchbenchbenchbench0000" } });
    await response.arrayBuffer();
    if (response.status === 401) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** SIGTERM to the whole process group `npm start` leads, then wait for npm to end. */
export async function stopApp(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null || app.signalCode !== null) return;
  const exited = new Promise((resolve) => app.once("exit", resolve));
  process.kill(-app.pid!, "SIGTERM");
  await exited;
  // The group's last members (the server) may outlive npm by a moment.
  for (let i = 0; i < 100 && processTree(app.pid!).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
}
