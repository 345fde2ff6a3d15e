import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "@/lib/log/levels";

/**
 * The settings of docs/decisions.md#settings, read once through zod. A bad value stops the app at start
 * with a message that names the setting.
 */
const flag = z.enum(["1", "0", "true", "false", "on", "off", "yes", "no"]).transform((value) => ["1", "true", "on", "yes"].includes(value));

const httpUrl = z.url({ protocol: /^https?$/ });

const EnvSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** A direct connection for migrations, when DATABASE_URL is a pooler's (docs/deploy.md). */
  DATABASE_MIGRATION_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address `npm start` listens on (docs/deploy.md); see `host` below for its default. */
  HOST: z.string().min(1).optional(),
  /** Unset: the app's own address follows PORT (see ownUrl below), so another port still books. */
  APP_URL: httpUrl.optional(),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEV_TOOLS: flag.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().min(3).default("Bookings <bookings@localhost>"),
  /** Email through Resend's API instead of SMTP (docs/idempotency.md#email-exactly-once); wins over SMTP_URL. */
  RESEND_API_KEY: z.string().startsWith("re_").optional(),
  RESEND_BASE_URL: httpUrl.default("https://api.resend.com"),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_BASE_URL: httpUrl.default("https://api.twilio.com"),
  STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
  STRIPE_API_BASE: httpUrl.optional(),
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  INNGEST_DEV: z.string().min(1).optional(),
  INNGEST_BASE_URL: httpUrl.optional(),
  /** How many proxies stand in front of the app (lib/http/client-ip.ts). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Platform safety limit on bookings per account per billing period (429 booking_volume_refused). */
  BOOKING_VOLUME_LIMIT: z.coerce.number().int().positive().default(100_000),
  /** Seed (or show) the demo workspace at start; default: only on the embedded database outside production. */
  SEED_DEMO: flag.optional(),
  /** NODE_ENV as the operator set it (scripts/start.mjs keeps it here: Next.js overwrites NODE_ENV). */
  BOOKING_NODE_ENV: z.string().optional(),
  NODE_ENV: z.string().optional(),
  /** How much the JSON log says (lib/log/logger.ts reads it; validated here so a typo stops the start). */
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  /** Poll interval of the in-process runner; 0 disables it (tests drive it by hand). */
  RUNNER_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  /** Minutes between periodic syncs of each external calendar (docs/external-calendars.md). */
  EXTERNAL_CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /** The bearer token GET /metrics asks for; unset, /metrics is 404 (docs/operations.md, "Metrics"). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** OpenTelemetry's own variable (the SDK reads it); validated here so a typo stops the start. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
});

export type Config = {
  databaseUrl: string | undefined;
  migrationUrl: string | undefined;
  isEmbedded: boolean;
  dataDir: string;
  port: number;
  /**
   * The address to listen on: HOST; unset, every interface, except with dev tools on, where
   * 127.0.0.1 (the dev tools set the clock and fetch any address they are given, so they are
   * never offered to the network unless HOST says so).
   */
  host: string | undefined;
  /** The public base URL without a trailing slash: APP_URL, else `http://localhost:{PORT}`. */
  appUrl: string;
  appOrigin: string;
  /**
   * The origins a publishable key always accepts as this app's own pages: APP_URL's origin, or
   * without APP_URL the loopback names of PORT (localhost, 127.0.0.1, [::1]), so a page opened
   * at any of them books.
   */
  ownOrigins: string[];
  appSecret: string;
  devTools: boolean;
  smtpUrl: string | undefined;
  /** The From of every email, whichever port sends it (SMTP_FROM). */
  emailFrom: string;
  resend: { apiKey: string; baseUrl: string } | undefined;
  twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined; publishableKey: string | undefined; apiBase: string | undefined } | undefined;
  inngest: { enabled: boolean };
  trustProxy: number;
  /** NODE_ENV=production or a DATABASE_URL: nothing seeded, no dev tools, unless asked for. */
  production: boolean;
  seedDemo: boolean;
  bookingVolumeLimit: number;
  runnerIntervalMs: number;
  externalCalendarSyncMinutes: number;
  /** GET /metrics's bearer token; undefined: no metrics endpoint. */
  metricsToken: string | undefined;
};

export class ConfigError extends Error {
  // Named for `npm start`, which prints only the message of a known error (class names do not survive the build).
  override name = "ConfigError";
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(emptyToUndefined(env));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(`Invalid setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = result.data;
  const isEmbedded = e.DATABASE_URL === undefined;
  const production = (e.BOOKING_NODE_ENV ?? e.NODE_ENV) === "production" || !isEmbedded;
  const dataDir = path.resolve(e.DATA_DIR);
  if (!isEmbedded && !e.APP_SECRET) {
    throw new ConfigError("Invalid setting APP_SECRET: required when DATABASE_URL is set");
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  const appOrigin = new URL(appUrl).origin;
  const ownOrigins = e.APP_URL ? [appOrigin] : [appOrigin, `http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`];
  const twilioComplete = e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM;
  return {
    databaseUrl: e.DATABASE_URL,
    migrationUrl: e.DATABASE_URL ? e.DATABASE_MIGRATION_URL : undefined,
    isEmbedded,
    dataDir,
    port: e.PORT,
    host: e.HOST ?? ((e.DEV_TOOLS ?? !production) ? "127.0.0.1" : undefined),
    appUrl,
    appOrigin,
    ownOrigins,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    devTools: e.DEV_TOOLS ?? !production,
    smtpUrl: e.SMTP_URL,
    emailFrom: e.SMTP_FROM,
    resend: e.RESEND_API_KEY ? { apiKey: e.RESEND_API_KEY, baseUrl: e.RESEND_BASE_URL.replace(/\/$/, "") } : undefined,
    twilio: twilioComplete
      ? { accountSid: e.TWILIO_ACCOUNT_SID!, authToken: e.TWILIO_AUTH_TOKEN!, from: e.TWILIO_FROM!, baseUrl: e.TWILIO_BASE_URL }
      : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined,
    inngest: { enabled: Boolean(e.INNGEST_SIGNING_KEY || e.INNGEST_EVENT_KEY || e.INNGEST_DEV || e.INNGEST_BASE_URL) },
    trustProxy: e.TRUST_PROXY,
    production,
    seedDemo: e.SEED_DEMO ?? !production,
    bookingVolumeLimit: e.BOOKING_VOLUME_LIMIT,
    runnerIntervalMs: e.RUNNER_INTERVAL_MS,
    externalCalendarSyncMinutes: e.EXTERNAL_CALENDAR_SYNC_MINUTES,
    metricsToken: e.METRICS_TOKEN,
  };
}

function emptyToUndefined(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]));
}

/** The embedded default keeps its generated secret beside its database, so restarts keep it. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Config | undefined;

/** The app's settings; the first call validates them and a bad one throws a ConfigError. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests swap settings (dev tools, limits) without touching the process environment. */
export function setConfigForTesting(overrides: Partial<Config> | undefined): void {
  cached = overrides ? { ...parseConfig(process.env), ...overrides } : undefined;
}
