import { devMethodNotAllowed, devRoute } from "@/lib/http/dev-route";
import { parseJson, readRawBody } from "@/lib/http/body";
import { parseWith } from "@/lib/http/route";
import { readDevClock, resetDevClock, SetDevClockBody, setDevClock } from "@/lib/time/dev-clock";

// GET /dev/clock – the app's current time and its offset from real time (dev tools only)
export const GET = devRoute(async ({ db }) => Response.json(await readDevClock(db)));

// POST /dev/clock – set the app's time: {now} (RFC 3339) or {advance_seconds} (dev tools only)
export const POST = devRoute(async ({ db, request }) => {
  const body = parseWith(SetDevClockBody, parseJson(await readRawBody(request)));
  return Response.json(await setDevClock(db, body));
});

// DELETE /dev/clock – back to real time (dev tools only)
export const DELETE = devRoute(async ({ db }) => Response.json(await resetDevClock(db)));

export const PUT = devMethodNotAllowed(["GET", "POST", "DELETE"]);
export const PATCH = PUT;
