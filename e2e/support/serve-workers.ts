import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { E2E_WORKERS, portBase, READY_PORT } from "./env";

/**
 * Every Playwright worker's servers, started at once: per worker its app (`serve.ts`, the app as
 * `npm start` runs it) and its host pages (`host-server.mjs`). Playwright starts the web servers
 * of its config one after another, and an app takes seconds to start, so the config names this
 * one process instead. Once every server answers, this answers 200 on READY_PORT (what the
 * config waits for); a server that exits first ends this with its code. Playwright ends this
 * process's group, and so every server, when the run is over.
 */
type Started = { name: string; child: ChildProcess; url: string };

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, url: string, stdout: "ignore" | "inherit"): Started {
  const child = spawn(command, args, { env, stdio: ["ignore", stdout, "inherit"] });
  child.on("exit", (code, signal) => {
    console.error(`${name} exited (${code ?? signal}) before the run ended`);
    process.exit(code || 1);
  });
  return { name, child, url };
}

const servers: Started[] = Array.from({ length: E2E_WORKERS }, (_, worker) => [
  start(
    "app server " + worker,
    "npx",
    ["tsx", "e2e/support/serve.ts"],
    { ...process.env, E2E_WORKER: String(worker) },
    `http://127.0.0.1:${portBase(worker)}/v1/openapi.json`,
    "ignore",
  ),
  start(
    "host pages " + worker,
    process.execPath,
    ["e2e/support/host-server.mjs"],
    { ...process.env, E2E_PORT_BASE: String(portBase(worker)) },
    `http://127.0.0.1:${portBase(worker) + 1}/health`,
    "inherit",
  ),
]).flat();

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const { child } of servers) child.kill(signal);
    process.exit(0);
  });
}

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  );
}

const waiting = new Set(servers);
while (waiting.size > 0) {
  for (const server of waiting) if (await answers(server.url)) waiting.delete(server);
  if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
}
createServer((_request, response) => response.end("ready")).listen(READY_PORT, "127.0.0.1");
