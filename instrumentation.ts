/**
 * Runs once when a Next.js server starts (lib/start/register-node.ts says what it does).
 * Next also compiles this file for the Edge runtime: the Node.js-only work is imported inside
 * the `NEXT_RUNTIME === "nodejs"` branch, which Next drops from that build, so no Node-only
 * module (database, files, process) reaches it and the build prints no warning about them.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./lib/start/register-node");
    await registerNode();
  }
}
