import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");
const SOURCES = ["app", "lib", "components", "public", "next.config.ts", "package.json", "package-lock.json", "tsconfig.json"];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stats.mtimeMs);
}

/** `next build` when there is no build or the sources are newer than it. */
export function buildIfNeeded(): void {
  const buildId = path.join(".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...SOURCES.map(newestMtime)) <= builtAt) return;
  console.log("Building the app (next build)…");
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error("next build failed");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The server `npm start` runs, on the port, against the given environment; resolves once `ready` answers 200. */
export async function startServer(port: number, env: NodeJS.ProcessEnv, ready: string, headers: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "--hostname", "127.0.0.1"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...env, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${ready}`, { headers });
      if (response.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGTERM");
  throw new Error("the server did not become ready within 120 s");
}
