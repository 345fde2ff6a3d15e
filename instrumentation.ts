/**
 * Runs once when a Next.js server starts: validate the settings (a bad one stops the app
 * with its name), open and migrate the database, and start the in-process runner when
 * Inngest does not drive background work.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getConfig } = await import("@/lib/config");
  const config = getConfig();
  const { getDb } = await import("@/lib/db/client");
  await getDb();
  const { startInProcessRunner } = await import("@/lib/jobs/in-process-runner");
  startInProcessRunner();
  if (config.devTools) console.warn("Dev tools are ON: /dev/outbox, /dev/clock, /dev/jobs/run answer. Never expose them in production.");
}
