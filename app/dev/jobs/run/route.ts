import { devMethodNotAllowed, devRoute } from "@/lib/http/dev-route";
import { runDueWork } from "@/lib/jobs/run-due-work";

// POST /dev/jobs/run – run all background work that is due on the app clock, synchronously (dev tools only)
export const POST = devRoute(async ({ db, clock }) => Response.json({ counts: await runDueWork({ db, clock }) }));

const notAllowed = devMethodNotAllowed(["POST"]);
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
