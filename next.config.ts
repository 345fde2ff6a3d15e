import { existsSync } from "node:fs";
import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { PAGE_HEADER_RULES } from "./lib/http/page-headers";

const nextConfig: NextConfig = {
  // PGlite loads its wasm and extension bundles from node_modules at run time. prom-client and
  // OpenTelemetry's SDK stay Node.js packages too: the server (lib/http/server.ts) loads the same copies.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "prom-client",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
  ],
  poweredByHeader: false,
  // Compression is the balancer's, one rule for every answer (docs/deploy.md, haproxy's
  // `compression`): the instances spend their CPU on answers (docs/architecture.md#response-framing).
  compress: false,
  // A production install (`npm ci --omit=dev`, docs/deploy.md) lacks the test tooling the
  // project-wide type check reads (tests and e2e import it): there the build skips that check,
  // which CI runs with every dependency installed (`npm run typecheck`).
  typescript: { ignoreBuildErrors: !existsSync(path.join(process.cwd(), "node_modules", "vitest")) },
  // Never a 3xx under /v1 (docs/decisions.md#every-request-answered-by-our-code): `/v1/bookings/` is answered, not redirected.
  skipTrailingSlashRedirect: true,
  // Page security headers (docs/decisions.md#page-headers), from their one table.
  headers: async () => PAGE_HEADER_RULES.map((rule) => ({ source: rule.source, headers: [...rule.headers] })),
};

// next-intl reads its per-request configuration (locale, messages) from lib/i18n/request.ts.
const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

export default withNextIntl(nextConfig);
