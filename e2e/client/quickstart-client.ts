/**
 * An integrator's script: a client generated from the served /v1/openapi.json by
 * openapi-typescript, called through openapi-fetch, runs the quickstart (account key →
 * workspace → calendar and hours → service → webhook endpoint → availability → booking) and
 * then idempotent replay, cursor paging, reschedule, cancel with no body, and receives the
 * webhooks, verifying each Booking-Signature. e2e/integrator.spec.ts generates ./schema.d.ts,
 * type-checks this file with `tsc --strict` and runs it: any drift between the document and
 * the server's behaviour fails one or the other. Prints one JSON summary line.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import createClient from "openapi-fetch";
import type { components, paths, webhooks } from "./schema";
import { verifyBookingSignature } from "./verify-booking-signature";

type BookingEvent = webhooks[keyof webhooks]["post"]["requestBody"]["content"]["application/json"];
type Received = { headers: IncomingHttpHeaders; event: BookingEvent; verified: boolean };

const BASE_URL = required("BASE_URL");
const ACCOUNT_KEY = required("ACCOUNT_KEY");
const RECEIVER_PORT = Number(required("RECEIVER_PORT"));

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/** Unwraps an openapi-fetch result: the typed body of a success, or a thrown error naming the envelope. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.data === undefined) throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

async function main() {
  const received: Received[] = [];
  let secret = "";
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const event = JSON.parse(raw.toString("utf8")) as BookingEvent;
      received.push({ headers: request.headers, event, verified: verifyBookingSignature(raw, String(request.headers["booking-signature"]), secret) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, "127.0.0.1", resolve));

  // 1. The account key creates a workspace and returns its secret key once.
  const account = createClient<paths>({ baseUrl: BASE_URL, headers: { Authorization: `Bearer ${ACCOUNT_KEY}` } });
  const workspace = ok(
    await account.POST("/v1/account/workspaces", {
      body: { name: "Integrator Salon", timezone: "America/New_York", staff_name: "Alex Rivera", with_secret_key: true },
    }),
    "create workspace",
  );
  check(workspace.secret_key, "the create response carries secret_key");
  const api = createClient<paths>({ baseUrl: BASE_URL, headers: { Authorization: `Bearer ${workspace.secret_key}` } });

  // 2. The workspace's calendar, open around the clock so the flow finds times whenever it runs.
  const calendar = ok(await api.GET("/v1/staff"), "list staff").data[0];
  check(calendar, "the workspace has its first calendar");
  const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 }));
  ok(await api.PUT("/v1/staff/{id}/working-hours", { params: { path: { id: calendar.id } }, body: { working_hours: allDay } }), "working hours");

  // 3. A service the calendar offers.
  const service = ok(
    await api.POST("/v1/services", { body: { name: "Haircut", duration_minutes: 30, payment_mode: "none", price_cents: 4500 } }),
    "create service",
  );
  ok(await api.PUT("/v1/services/{id}/staff", { params: { path: { id: service.id } }, body: { staff_ids: [calendar.id] } }), "offer service");

  // 4. A webhook endpoint for every event (dev tools allow an http://127.0.0.1 receiver).
  const events: components["schemas"]["WebhookEventType"][] = ["booking.created", "booking.rescheduled", "booking.cancelled"];
  const endpoint = ok(await api.POST("/v1/webhook-endpoints", { body: { url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`, events } }), "create endpoint");
  check(endpoint.secret, "the create response carries the signing secret");
  secret = endpoint.secret;

  // 5. Availability: the open starts of the next three days.
  const from = new Date(Date.now() + 60 * 60_000).toISOString();
  const to = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const availability = ok(await api.GET("/v1/availability", { params: { query: { service_id: service.id, from, to } } }), "availability");
  const slots = availability.data.flatMap((entry) => entry.slots.map((slot) => slot.start));
  check(slots.length >= 5, `enough open slots (${slots.length})`);

  // 6. A booking, made with an Idempotency-Key, then the same request again: replayed, not repeated.
  const customer = { name: "Ada Lovelace", email: "ada@example.com" };
  const key = `integrator-${Date.now()}`;
  const first = await api.POST("/v1/bookings", {
    params: { header: { "Idempotency-Key": key } },
    body: { service_id: service.id, starts_at: slots[0]!, customer },
  });
  const booking = ok(first, "create booking");
  check(first.response.status === 201 && booking.status === "confirmed", `a confirmed booking (${booking.status})`);
  check(booking.access_token, "the create response carries the manage token");
  check(first.response.headers.get("Idempotent-Replayed") === null, "a first answer is not a replay");
  const replay = await api.POST("/v1/bookings", {
    params: { header: { "Idempotency-Key": key } },
    body: { service_id: service.id, starts_at: slots[0]!, customer },
  });
  check(ok(replay, "replay").id === booking.id, "the replay answers the same booking");
  check(replay.response.headers.get("Idempotent-Replayed") === "true", "the replay says Idempotent-Replayed: true");
  const mismatch = await api.POST("/v1/bookings", {
    params: { header: { "Idempotency-Key": key } },
    body: { service_id: service.id, starts_at: slots[1]!, customer },
  });
  check(mismatch.response.status === 422 && mismatch.error?.error.type === "idempotency_mismatch", "another body under the key is refused");
  const taken = await api.POST("/v1/bookings", { body: { service_id: service.id, starts_at: slots[0]!, customer } });
  check(taken.response.status === 409 && taken.error?.error.type === "slot_unavailable", "a taken slot answers slot_unavailable");
  check(taken.response.headers.get("Request-Id")?.startsWith("req_"), "errors carry Request-Id");

  // 7. Two more bookings, then the list two at a time, newest first, until next_cursor is null.
  for (const start of slots.slice(2, 4))
    ok(await api.POST("/v1/bookings", { body: { service_id: service.id, starts_at: start, customer } }), "another booking");
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = ok(await api.GET("/v1/bookings", { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } }), "list bookings");
    seen.push(...page.data.map((item) => item.id));
    cursor = page.next_cursor ?? undefined;
    pages += 1;
  } while (cursor);
  check(
    pages === 2 && seen.length === 3 && new Set(seen).size === 3 && seen[2] === booking.id,
    `3 bookings over 2 pages, oldest last (${pages} pages, ${seen.length} ids)`,
  );

  // 8. Move the first booking, then cancel it with no body (the body is optional).
  const moved = ok(await api.POST("/v1/bookings/{id}/reschedule", { params: { path: { id: booking.id } }, body: { starts_at: slots[4]! } }), "reschedule");
  check(moved.id === booking.id && Date.parse(moved.starts_at) === Date.parse(slots[4]!), "the booking moved and kept its id");
  const cancelled = ok(await api.POST("/v1/bookings/{id}/cancel", { params: { path: { id: booking.id } } }), "cancel");
  check(cancelled.status === "cancelled", "the booking is cancelled");
  const verify = await api.POST("/v1/bookings/{id}/verify", { params: { path: { id: "not-a-booking" } }, body: { code: "000000" } });
  check(verify.response.status === 422 && verify.error?.error.type === "verification_failed", "an unknown booking fails verification with 422, not 404");

  // 9. The webhooks: 3 created, 1 rescheduled (with previous_starts_at), 1 cancelled, every one signed.
  const deadline = Date.now() + 60_000;
  while (received.length < 5 && Date.now() < deadline) {
    await fetch(`${BASE_URL}/dev/jobs/run`, { method: "POST" });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  receiver.close();
  const counts: Record<string, number> = {};
  for (const delivery of received) {
    counts[delivery.event.type] = (counts[delivery.event.type] ?? 0) + 1;
    check(delivery.verified, `${delivery.event.type} carries a valid Booking-Signature`);
    check(delivery.headers["booking-delivery"] === delivery.event.id, "Booking-Delivery is the payload id");
    check(delivery.headers["booking-event"] === delivery.event.type, "Booking-Event is the payload type");
    if (delivery.event.type === "booking.rescheduled") {
      const rescheduled: webhooks["booking.rescheduled"]["post"]["requestBody"]["content"]["application/json"] = delivery.event;
      check(Date.parse(rescheduled.data.previous_starts_at) === Date.parse(slots[0]!), "previous_starts_at is where the booking was");
    } else check(!("previous_starts_at" in delivery.event.data), `${delivery.event.type} has no previous_starts_at`);
  }
  check(counts["booking.created"] === 3 && counts["booking.rescheduled"] === 1 && counts["booking.cancelled"] === 1, `deliveries ${JSON.stringify(counts)}`);

  console.log(
    JSON.stringify({ ok: true, bookings: seen.length, pages, deliveries: received.length, verified: received.filter((delivery) => delivery.verified).length }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
