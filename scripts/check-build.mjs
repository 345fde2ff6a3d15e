import { spawn } from "node:child_process";
import path from "node:path";

/**
 * `npm run check:build`: `next build` as `npm start` runs it, failing when the build prints any
 * warning. A warning here has meant Node-only modules compiled for the Edge runtime (see
 * instrumentation.ts), which a newcomer meets on their first `npm start`.
 */
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");
const child = spawn(process.execPath, [NEXT_BIN, "build"], { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, stdio: ["ignore", "pipe", "pipe"] });
let output = "";
for (const stream of [child.stdout, child.stderr]) {
  stream.on("data", (chunk) => {
    output += chunk;
    (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
  });
}
const code = await new Promise((resolve) => child.on("close", resolve));
if (code !== 0) process.exit(code ?? 1);
const warnings = output
  .replace(ANSI_COLOURS, "")
  .split("\n")
  .filter((line) => /\bwarn(ing)?s?\b/i.test(line));
if (warnings.length > 0) {
  console.error(`\nThe build printed ${warnings.length} warning line(s); a build prints none:\n${warnings.join("\n")}`);
  process.exit(1);
}
console.log("\nThe build printed no warning.");
