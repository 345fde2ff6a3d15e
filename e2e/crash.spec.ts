import { mkdirSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { startResendStandIn } from "../tests/helpers/resend-stand-in";
import { startWebhookReceiver, type WebhookReceiver } from "../tests/helpers/webhook-receiver";
import {
  CRASH_DATA_DIR,
  crashDriver,
  crashServer,
  crashServerEnv,
  crashTimeline,
  createCrashDatabase,
  dropCrashDatabase,
  must,
  readCrashState,
  send,
  sleep,
  type Answer,
} from "./support/crash-server";

/**
 * Crashes at any instant (docs/idempotency.md): one real `npm start` process, on the database
 * this pass runs on (a fresh embedded one, or a fresh PostgreSQL database when DATABASE_URL is
 * set), takes concurrent creates (each with its own Idempotency-Key, half naming no calendar)
 * and cancels (each keyed too), and is killed with SIGKILL at random moments, then started
 * again on the same data. Every request that got no answer is sent again with its key, as a
 * careful client does. Then the last server is left alone: its own runner must send whatever
 * the killed ones left. At the end every booking is held against every acknowledgement: none
 * lost, none orphaned, no second booking for one request, one confirmation (and one
 * cancellation) per booking, each outbox row delivered exactly once by the email provider (Resend's
 * API, a local stand-in that keeps Resend's Idempotency-Key rules and holds each answer back
 * 0–60 ms after taking the email on, the window in which a killed sender has handed a message
 * over without knowing it), each webhook delivery received, no 5xx. It runs in `npm test` on the
 * database of the pass (about two minutes at the default 20 kills); CRASH_KILLS sets the number of
 * kills (a longer run by hand).
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
/**
 * Creates stop here, so the backlog the last server sends stays bounded on a fast machine (one
 * made 933 in 20 kills); the kills go on while the killed servers send the backlog.
 */
const MAX_CREATES = Number(process.env.CRASH_MAX_CREATES ?? 400);
const CONCURRENCY = 8;
/** How long the last server is watched after everything expected arrived, for second copies. */
const QUIET_MS = 5_000;

type Op = { kind: "create"; index: number; key: string; body: Record<string, unknown> } | { kind: "cancel"; index: number; key: string; bookingId: string };

test.describe.configure({ mode: "serial", timeout: 600_000 });

// Over SMTP no sender can make each email arrive exactly once across a kill (the server's 250 may
// never reach a killed client); over Resend the row's id is the Idempotency-Key, so the provider
// recognises a second send of one row (docs/idempotency.md#email-exactly-once).
let resend: ReturnType<typeof startResendStandIn>;
let resendUrl = "";
const serverEnv = () => crashServerEnv({ baseUrl: resendUrl, apiKey: resend.apiKey });

let receiver: WebhookReceiver;
const server = crashServer(serverEnv);
const timeline = crashTimeline();

let starts = 0;
async function startServer() {
  await server.start();
  timeline.mark(`start ${++starts}`);
}

test.beforeAll(async () => {
  resend = startResendStandIn({ answerDelayMs: () => Math.random() * 60 });
  resendUrl = await resend.listening;
  receiver = await startWebhookReceiver();
  await createCrashDatabase();
  rmSync(CRASH_DATA_DIR, { recursive: true, force: true });
  // npm start on PostgreSQL writes its demo keys here and does not make the folder itself.
  mkdirSync(CRASH_DATA_DIR, { recursive: true });
});

test.afterAll(async () => {
  await server.stop("SIGKILL");
  await resend?.close();
  await receiver?.close();
  await dropCrashDatabase();
  rmSync(CRASH_DATA_DIR, { recursive: true, force: true });
});

test(`creates and cancels survive ${KILLS} SIGKILLs of the server: every acknowledgement matches one booking, one email per message, every webhook`, async () => {
  // The account comes first: on the embedded database the command line needs the data to itself.
  const created = spawnSync(
    process.execPath,
    ["--import", "tsx", "lib/cli/main.ts", "account", "create", "--name", "Crash", "--plan", "pro", "--plan-step", "5"],
    {
      env: serverEnv(),
      encoding: "utf8",
    },
  );
  expect(created.status, created.stderr).toBe(0);
  const accountKey = JSON.parse(created.stdout.trim().split("\n").pop()!).account_key as string;
  await startServer();

  const workspace = await must("POST", "/v1/account/workspaces", accountKey, {
    name: "Crash Studio",
    timezone: "UTC",
    slot_interval_minutes: 30,
    with_secret_key: true,
  });
  const sk = workspace.secret_key as string;
  const staffIds: string[] = [(await must("GET", "/v1/staff", sk)).data[0].id];
  for (const name of ["Second", "Third"]) staffIds.push((await must("POST", "/v1/staff", sk, { name })).id);
  const allWeek = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 }));
  for (const id of staffIds) await must("PUT", `/v1/staff/${id}/working-hours`, sk, { working_hours: allWeek });
  const service = await must("POST", "/v1/services", sk, { name: "Session", duration_minutes: 30, payment_mode: "none", max_advance_days: 365 });
  await must("PUT", `/v1/services/${service.id}/staff`, sk, { staff_ids: staffIds });
  const endpoint = await must("POST", "/v1/webhook-endpoints", sk, { url: `${receiver.url}/hooks`, events: ["booking.created", "booking.cancelled"] });
  receiver.trust(endpoint.secret);

  // Each create its own start (48 a day from day 10), so every one of them can succeed; every
  // third acknowledged booking is then cancelled.
  const firstDay = Date.parse(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
  const queue: Op[] = [];
  const createOp = (index: number): Op => ({
    kind: "create",
    index,
    key: `create-${index}`,
    body: {
      service_id: service.id,
      ...(index % 2 === 0 ? { staff_id: staffIds[index % staffIds.length] } : {}),
      starts_at: new Date(firstDay + Math.floor(index / 48) * 86_400_000 + (index % 48) * 30 * 60_000).toISOString(),
      customer: { name: `Customer ${index}`, email: `customer${index}@crash.test` },
    },
  });
  const finalAnswers = new Map<string, Answer>();
  const acknowledged = new Map<number, string>();
  const figures = { kills: 0, requests: 0, retries: 0, fiveXx: 0, killsAfterWrites: 0 };
  let writesAnswered = 0;
  let nextIndex = 0;
  let stopGenerating = false;

  // Workers take the oldest unanswered request, else a new create; a request with no answer goes back to the front.
  const worker = async (isUp: () => boolean) => {
    while (isUp()) {
      const op = queue.shift() ?? (stopGenerating || nextIndex >= MAX_CREATES ? undefined : createOp(nextIndex++));
      if (!op) return;
      const answer =
        op.kind === "create"
          ? await send("POST", "/v1/bookings", sk, op.body, { "Idempotency-Key": op.key })
          : await send("POST", `/v1/bookings/${op.bookingId}/cancel`, sk, { reason: "crash test" }, { "Idempotency-Key": op.key });
      figures.requests++;
      if (!answer) {
        figures.retries++;
        queue.unshift(op);
        await sleep(20);
        continue;
      }
      writesAnswered++;
      if (answer.status >= 500) figures.fiveXx++;
      finalAnswers.set(op.key, answer);
      if (op.kind === "create" && answer.status === 201) {
        acknowledged.set(op.index, answer.body.id);
        if (op.index % 3 === 0) queue.push({ kind: "cancel", index: op.index, key: `cancel-${op.index}`, bookingId: answer.body.id });
      }
    }
  };

  for (let kill = 0; kill < KILLS; kill++) {
    if (kill > 0) await startServer();
    writesAnswered = 0;
    let up = true;
    const workers = Array.from({ length: CONCURRENCY }, () => worker(() => up));
    // The kill comes at a random moment once the database answers (requests wait for it meanwhile).
    // A server that stopped by itself (its stderr says why) would leave this wait going for ever.
    while (server.running() && (await send("GET", "/v1/workspace", sk))?.status !== 200) await sleep(50);
    if (!server.running()) {
      up = false;
      await Promise.all(workers);
    }
    expect(server.running(), `start ${starts}: the server stopped by itself before its database answered`).toBe(true);
    await sleep(200 + Math.random() * 1300);
    // A kill before this server answered any write fell while it was still opening its database.
    if (writesAnswered > 0) figures.killsAfterWrites++;
    await server.stop("SIGKILL");
    timeline.mark(`kill ${kill + 1}`);
    up = false;
    figures.kills++;
    await Promise.all(workers);
  }

  // Up again for good: every unanswered request is sent again until answered.
  await startServer();
  stopGenerating = true;
  while (queue.length > 0 && server.running()) await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(() => server.running())));
  expect(server.running(), "the last server stopped by itself with requests unanswered").toBe(true);

  // A webhook claim taken by a killed process lapses on the app clock: moved past it. (An email's
  // claim is counted in database time, so this must not hand one being sent to a second sender;
  // the killed processes' email claims lapse by themselves within OUTBOX_CLAIM_LEASE_SECONDS.)
  await must("POST", "/dev/clock", sk, { advance_seconds: 10 * 60 });
  timeline.mark("clock +600s");
  const total = nextIndex;
  // Nobody runs the jobs by hand: the server's own runner must send what the killed ones left,
  // one email and one webhook per acknowledged booking and per acknowledged cancellation.
  const cancelled = [...finalAnswers].filter(([key, answer]) => key.startsWith("cancel-") && answer.status === 200).length;
  const expected = acknowledged.size + cancelled;
  const messageIds = () => new Set(resend.deliveries.map((delivery) => delivery.key)).size;
  const deliveryIds = () => new Set(receiver.received.map((hook) => String(hook.headers["booking-delivery"]))).size;
  // How many emails and webhook deliveries the server itself still counts as pending. A message a
  // killed sender handed over just before dying has arrived, but its row stays pending under that
  // sender's claim until the claim lapses (OUTBOX_CLAIM_LEASE_SECONDS, 30 s of database time) and
  // the last server sends it again (the provider recognises the key): arrivals alone end too early.
  const pending = async () => {
    const [messages, deliveries] = await Promise.all([
      send("GET", "/v1/messages?status=pending&limit=100", sk),
      send("GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries?status=pending&limit=100`, sk),
    ]);
    if (messages?.status !== 200 || deliveries?.status !== 200) return Number.POSITIVE_INFINITY;
    return (messages.body.data as unknown[]).length + (deliveries.body.data as unknown[]).length;
  };
  // The last server sends the backlog one message at a time, as fast as the machine lets it: the
  // wait lasts while it makes progress, and ends once a minute (two claim leases) passes with nothing new.
  const STALL_MS = 60_000;
  for (let seen = "", lastProgress = Date.now(); ;) {
    const left = await pending();
    if (messageIds() >= expected && deliveryIds() >= expected && left === 0) break;
    const now = `${messageIds()}/${deliveryIds()}/${left}`;
    if (now !== seen) [seen, lastProgress] = [now, Date.now()];
    if (Date.now() - lastProgress > STALL_MS) break;
    await sleep(250);
  }
  timeline.mark("all sent");
  // A second copy would come soon after the first.
  await sleep(QUIET_MS);
  // A drain ends the process (the runner stops, the outbox releases what it holds): exit code 0.
  const stopped = await server.stop("SIGTERM");

  const rows = await readCrashState();
  const bookingsByIndex = new Map<number, typeof rows.bookings>();
  for (const booking of rows.bookings) {
    const index = Number(/customer(\d+)@/.exec(booking.email)![1]);
    bookingsByIndex.set(index, [...(bookingsByIndex.get(index) ?? []), booking]);
  }
  const outcome = { lost: 0, orphaned: 0, second: 0, unanswered: 0, notCancelled: 0, refused: 0 };
  for (let index = 0; index < total; index++) {
    const answer = finalAnswers.get(`create-${index}`);
    const made = bookingsByIndex.get(index) ?? [];
    if (!answer) outcome.unanswered++;
    else if (answer.status !== 201) outcome.refused++;
    if (made.length > 1) outcome.second += made.length - 1;
    const id = acknowledged.get(index);
    if (id && !made.some((booking) => booking.id === id)) outcome.lost++;
    if (!id && made.length > 0) outcome.orphaned++;
    const cancel = finalAnswers.get(`cancel-${index}`);
    if (cancel && cancel.status !== 200) outcome.refused++;
    if (cancel?.status === 200 && made.find((booking) => booking.id === id)?.status !== "cancelled") outcome.notCancelled++;
  }

  // Messages: one confirmation per booking (and one cancellation per cancelled one), each row
  // delivered by the provider exactly once. A delivery is named by its Idempotency-Key, the row's
  // id; one without a key, or under a key that names no row, counts as a duplicate.
  const receivedById = new Map<string, number[]>();
  const rowIds = new Set(rows.messages.map((message) => message.id));
  let strays = 0;
  for (const delivery of resend.deliveries) {
    if (delivery.key === null || !rowIds.has(delivery.key)) strays++;
    else receivedById.set(delivery.key, [...(receivedById.get(delivery.key) ?? []), delivery.at]);
  }
  const mail = { rows: rows.messages.length, unsent: 0, lost: 0, duplicated: strays, wrongCount: 0, sentAgain: resend.replays() };
  const messagesPerBooking = new Map<string, number>();
  const duplicates: string[] = [];
  for (const message of rows.messages) {
    if (message.status !== "sent") {
      mail.unsent++;
      // An unsent row says who held it and until when, to find why it was never sent.
      if (mail.unsent <= 5) console.log(`unsent ${message.id}: ${JSON.stringify(message)}`);
    }
    const copies = receivedById.get(message.id) ?? [];
    if (copies.length === 0) mail.lost++;
    if (copies.length > 1) {
      mail.duplicated += copies.length - 1;
      // Where each copy fell against the kills, starts and the clock's move, to find the cause.
      duplicates.push(`${message.id} (attempts ${message.attempts}): ${copies.map((at) => timeline.place(at)).join("; ")}`);
    }
    messagesPerBooking.set(message.booking_id, (messagesPerBooking.get(message.booking_id) ?? 0) + 1);
  }
  for (const booking of rows.bookings) {
    const expected = booking.status === "cancelled" ? 2 : 1;
    if ((messagesPerBooking.get(booking.id) ?? 0) !== expected) mail.wrongCount++;
  }

  // Webhooks: one booking.created per booking (and booking.cancelled per cancellation), each
  // delivery received at least once, signed, under its own delivery id.
  const hooks = { rows: rows.deliveries.length, undelivered: 0, lost: 0, repeats: 0, unsigned: 0, wrongCount: 0 };
  const hooksPerBooking = new Map<string, number>();
  for (const delivery of rows.deliveries) {
    if (delivery.status !== "succeeded") hooks.undelivered++;
    const times = receiver.deliveriesOf(delivery.id);
    if (times.length === 0) hooks.lost++;
    hooks.repeats += Math.max(0, times.length - 1);
    if (times.some((received) => received.verifiedWith === null)) hooks.unsigned++;
    hooksPerBooking.set(delivery.booking_id, (hooksPerBooking.get(delivery.booking_id) ?? 0) + 1);
  }
  for (const booking of rows.bookings) {
    const expected = booking.status === "cancelled" ? 2 : 1;
    if ((hooksPerBooking.get(booking.id) ?? 0) !== expected) hooks.wrongCount++;
  }

  // The figures head every failure, so a report that keeps only an error's first line still says what went wrong.
  const summary =
    `crash (${crashDriver}): ${figures.kills} kills, ${total} creates, ${rows.bookings.length} bookings, ${figures.requests} requests (${figures.retries} without an answer, sent again), ` +
    `${figures.killsAfterWrites} kills after the server had answered a write, ${figures.fiveXx} 5xx; bookings ${JSON.stringify(outcome)}; email ${JSON.stringify(mail)}; webhooks ${JSON.stringify(hooks)}`;
  console.info(summary);
  if (duplicates.length > 0) console.info(`emails received more than once:\n${duplicates.join("\n")}`);
  expect(stopped, `how the last server ended on SIGTERM; ${summary}`).toBe(0);
  expect(figures.fiveXx, summary).toBe(0);
  expect(outcome, summary).toEqual({ lost: 0, orphaned: 0, second: 0, unanswered: 0, notCancelled: 0, refused: 0 });
  expect({ unsent: mail.unsent, lost: mail.lost, duplicated: mail.duplicated, wrongCount: mail.wrongCount }, summary).toEqual({
    unsent: 0,
    lost: 0,
    duplicated: 0,
    wrongCount: 0,
  });
  expect({ undelivered: hooks.undelivered, lost: hooks.lost, unsigned: hooks.unsigned, wrongCount: hooks.wrongCount }, summary).toEqual({
    undelivered: 0,
    lost: 0,
    unsigned: 0,
    wrongCount: 0,
  });
});
