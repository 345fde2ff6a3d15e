import { parseArgs } from "node:util";
import { getConfig } from "@/lib/config";
import { startServer } from "@/lib/http/server";

/**
 * The server `npm start` runs once the app is built and migrated (lib/http/server.ts), on
 * PORT; `--hostname` narrows the interface it listens on (all of them by default).
 */
const { values } = parseArgs({ options: { hostname: { type: "string" } } });
const { port, appUrl } = getConfig();
await startServer({ port, hostname: values.hostname });
console.log(`Listening on ${values.hostname ?? "every interface"}, port ${port}; the app's URL is ${appUrl}`);
