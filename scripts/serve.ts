import { parseArgs } from "node:util";
import { getConfig } from "@/lib/config";
import { startServer } from "@/lib/http/server";
import { getLogger, routeConsoleToLogger } from "@/lib/log/logger";

/**
 * The server `npm start` runs once the app is built and migrated (lib/http/server.ts), on
 * PORT and HOST (lib/config.ts: every interface by default, 127.0.0.1 with dev tools on);
 * `--hostname` overrides HOST.
 */
const { values } = parseArgs({ options: { hostname: { type: "string" } } });
const { port, host, appUrl, production } = getConfig();
const hostname = values.hostname ?? host;
// In production stdout is JSON lines only (docs/operations.md), whoever prints.
if (production) routeConsoleToLogger();
try {
  await startServer({ port, hostname });
} catch (error) {
  // Most often EADDRINUSE: another process serves this port. An instance that cannot listen must
  // not look started to a supervisor, so it says why and exits.
  const code = (error as NodeJS.ErrnoException).code ?? "";
  getLogger().error({ port, code }, `cannot listen on port ${port}: ${code === "EADDRINUSE" ? "another process is using it" : String(error)}`);
  process.exit(1);
}
const listening = `Listening on ${hostname ?? "every interface"}, port ${port}; the app's URL is ${appUrl}`;
// In production the log is JSON lines only (docs/operations.md).
if (production) getLogger().info({ port, host: hostname ?? "every interface", app_url: appUrl }, "listening");
else console.log(listening);
