import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/openapi/document";

/**
 * `npm run lint:openapi`: Redocly's recommended rules (redocly.yaml) over the document the app
 * serves at /v1/openapi.json, built from the same operations. Offline: no telemetry, no
 * update check. Exits non-zero on any error.
 */
const folder = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
const file = path.join(folder, "openapi.json");
writeFileSync(file, JSON.stringify(buildOpenApiDocument({ serverUrl: process.env.APP_URL ?? "http://localhost:3000" }), null, 2));
const result = spawnSync(
  process.execPath,
  [path.join("node_modules", "@redocly", "cli", "bin", "cli.js"), "lint", file, "--config", "redocly.yaml", "--format", "summary"],
  {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  },
);
rmSync(folder, { recursive: true, force: true });
process.exit(result.status ?? 1);
