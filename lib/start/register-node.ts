/**
 * What instrumentation.ts runs when a Node.js server starts: validate the settings (a bad one
 * stops the app with its name), open and migrate the database, and start the in-process runner
 * when Inngest does not drive background work. Under `npm start` (BOOKING_START=1) it also seeds
 * (or shows) the demo workspace and prints its keys, in the serving process itself, and stops
 * the process with the reason when any of this fails. First of all it starts the observability:
 * OpenTelemetry's SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set (Next's documented place for it),
 * and what GET /metrics reads at scrape time.
 */
export async function registerNode(): Promise<void> {
  await observe();
  if (process.env.BOOKING_START !== "1") return prepare();
  // Under `npm start` the server answers while the database opens: every request that needs
  // the database waits for it (lib/db/client.ts opens and migrates it once, before any query).
  void prepare().catch((error: unknown) => {
    const known = error instanceof Error && ["ConfigError", "EmbeddedDatabaseInUseError"].includes(error.name);
    console.error(known ? error.message : error);
    process.exit(1);
  });
}

async function observe() {
  const { startTracing } = await import("@/lib/observability/tracing");
  const { watchDatabasePool, watchExternalCalendars } = await import("@/lib/observability/metrics");
  const { databasePoolUse, getDb } = await import("@/lib/db/client");
  const { countExternalCalendarsByStatus } = await import("@/lib/external-calendars/count-by-status");
  watchDatabasePool(databasePoolUse);
  watchExternalCalendars(async () => countExternalCalendarsByStatus({ db: await getDb() }));
  // Traces are an aid: an SDK that cannot start is logged, and the app serves without them.
  await startTracing().catch(async (error: unknown) => {
    const { logError } = await import("@/lib/log/logger");
    logError("tracing: the OpenTelemetry SDK did not start", error);
  });
}

async function prepare() {
  const { getConfig } = await import("@/lib/config");
  const config = getConfig();
  const { getDb } = await import("@/lib/db/client");
  const db = await getDb();
  if (process.env.BOOKING_START === "1") {
    const { prepareAndDescribe } = await import("@/lib/cli/start-summary");
    const summary = await prepareAndDescribe(db);
    // In production the log is JSON lines only (docs/operations.md); the banner is for a developer's terminal.
    if (config.production) {
      const { getLogger } = await import("@/lib/log/logger");
      for (const line of summary.split("\n")) getLogger().info(line);
    } else {
      console.log(summary);
    }
  } else if (config.devTools) {
    console.warn("Dev tools are ON: /dev/outbox, /dev/clock, /dev/jobs/run answer. Never expose them in production.");
  }
  const { startInProcessRunner } = await import("@/lib/jobs/in-process-runner");
  startInProcessRunner();
}
