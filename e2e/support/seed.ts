import { readFileSync } from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E } from "./env";
import { PASSES_MS } from "./flow";

/**
 * Each spec builds its own workspace through the public HTTP API, exactly as a business's
 * server would: the account key creates it, the secret key configures it.
 */
export type SeedOptions = {
  requireVerification?: boolean;
  allowStaffChoice?: boolean;
  secondCalendar?: boolean;
  withDeposit?: boolean;
  withQuestions?: boolean;
  minCancelNoticeMinutes?: number;
  allowedOrigins?: string[];
  vertical?: string;
  /** The account that owns the workspace (default: the specs' shared account, capped at 25 workspaces). */
  accountFile?: string;
};

export type Seeded = {
  slug: string;
  name: string;
  sk: string;
  pk: string;
  timezone: string;
  staff: { id: string; name: string }[];
  services: { haircut: string; trim: string; colour?: string };
};

let counter = 0;

function accountKey(file: string = E2E.accountFile): string {
  return (JSON.parse(readFileSync(file, "utf8")) as { account_key: string }).account_key;
}

export async function seedWorkspace(request: APIRequestContext, options: SeedOptions = {}): Promise<Seeded> {
  const name = `Harbour Hair ${Date.now().toString(36)}${++counter}`;
  const timezone = "America/New_York";
  const created = await call(request, "POST", "/v1/account/workspaces", accountKey(options.accountFile), {
    name,
    timezone,
    slot_interval_minutes: 30,
    staff_name: "Alex Rivera",
    with_secret_key: true,
  });
  const sk = created.secret_key as string;
  const api = (method: string, path: string, body?: unknown) => call(request, method, path, sk, body);

  await api("PATCH", "/v1/workspace", {
    currency: "usd",
    require_verification: options.requireVerification ?? false,
    allow_staff_choice: options.allowStaffChoice ?? true,
    vertical: options.vertical ?? "salon",
    blurb: "A calm harbour-side salon. Cuts, colour and quick trims.\nWalk-ins welcome when we're quiet.",
    website_url: "https://harbour-hair.example",
    terms_url: "https://harbour-hair.example/terms",
    confirmation_note: "Please arrive five minutes early. <b>Parking</b> is free after 6 pm.",
    refund_policy: "Deposits are refunded in full when you cancel at least 24 hours ahead.",
    social_title: `${name} – book online`,
    social_description: "Book a cut or colour in under a minute.",
    ...(options.withDeposit ? { stripe_account_id: "acct_test_e2e" } : {}),
  });

  const staffList = (await api("GET", "/v1/staff")).data as { id: string; name: string }[];
  const staff = [staffList[0]!];
  if (options.secondCalendar) staff.push((await api("POST", "/v1/staff", { name: "Sam Chen" })) as { id: string; name: string });
  // Open around the clock every day, so every run finds times whatever the hour.
  const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 }));
  for (const calendar of staff) await api("PUT", `/v1/staff/${calendar.id}/working-hours`, { working_hours: allDay });

  const hair = await api("POST", "/v1/categories", { name: "Hair" });
  const colourCategory = await api("POST", "/v1/categories", { name: "Colour" });
  const service = async (body: Record<string, unknown>, categoryId: string | null) => {
    const made = await api("POST", "/v1/services", { min_cancel_notice_minutes: options.minCancelNoticeMinutes ?? 0, ...body });
    await api("PUT", `/v1/services/${made.id}/staff`, { staff_ids: staff.map((calendar) => calendar.id) });
    if (categoryId) await api("PUT", `/v1/services/${made.id}/category`, { category_id: categoryId });
    return made.id as string;
  };
  const trim = await service(
    { name: "Quick trim", duration_minutes: 15, price_cents: null, payment_mode: "none", description: "Fringe or neck trim between cuts." },
    null,
  );
  const haircut = await service(
    { name: "Haircut", duration_minutes: 45, price_cents: 4500, payment_mode: "none", description: "Wash, cut and style." },
    hair.id,
  );
  const colour = options.withDeposit
    ? await service(
        {
          name: "Colour consultation",
          duration_minutes: 30,
          price_cents: 8000,
          payment_mode: "deposit_fixed",
          deposit_amount_cents: 2000,
          description: "Talk through colour options.",
        },
        colourCategory.id,
      )
    : undefined;

  if (options.withQuestions) {
    await api("POST", "/v1/questions", {
      label: "How did you hear about us?",
      type: "select",
      options: ["A friend", "Instagram", "Walking past"],
      required: true,
    });
    await api("POST", "/v1/questions", {
      label: "Anything we should know?",
      help_text: "Allergies, access needs, preferences.",
      type: "long_text",
      required: false,
      applies_to: "selected_services",
      service_ids: [haircut],
    });
    await api("POST", "/v1/questions", {
      label: "I agree to the salon's patch-test policy",
      type: "checkbox",
      required: true,
      applies_to: "selected_services",
      service_ids: [haircut],
    });
  }

  const keys = (await api("GET", "/v1/api-keys")).data as { id: string; type: string; key: string }[];
  const pk = keys.find((key) => key.type === "pk")!;
  if (options.allowedOrigins) await api("PATCH", `/v1/api-keys/${pk.id}`, { allowed_origins: options.allowedOrigins });

  return { slug: created.slug, name, sk, pk: pk.key, timezone, staff, services: { haircut, trim, colour } };
}

export async function call(
  request: APIRequestContext,
  method: string,
  path: string,
  key: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await request.fetch(path, {
    method,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
    data: body,
  });
  const text = await response.text();
  expect(response.ok(), `${method} ${path} → ${response.status()} ${text}`).toBe(true);
  return text ? JSON.parse(text) : null;
}

/** The newest 6-digit code sent to an address, read from the dev outbox like a customer reads their email. */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await call(request, "GET", `/dev/outbox/messages?to=${encodeURIComponent(email)}`, undefined)).data as {
        text: string;
        subject: string;
      }[];
      code = messages.map((message) => message.text.match(/\b(\d{6})\b/)?.[1]).find(Boolean);
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * The first open slot of a service per the API (with the secret key) that starts more than ten
 * minutes from the app's now (PASSES_MS, as the pages' firstTime): a start a moment away passes
 * before the test has booked, moved or cancelled it, whatever the hour the suite runs at. Now is
 * the app's clock (GET /dev/clock), which a test may have started elsewhere (startClocksAt).
 */
export async function firstSlot(request: APIRequestContext, seeded: Seeded, serviceId: string): Promise<{ staff_id: string; start: string }> {
  const now = Date.parse((await call(request, "GET", "/dev/clock", undefined)).now);
  const from = new Date(now - 60_000).toISOString();
  const to = new Date(now + 3 * 86_400_000).toISOString();
  const result = (
    await call(request, "GET", `/v1/availability?service_id=${serviceId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, seeded.sk)
  ).data as { staff_id: string; slots: { start: string }[] }[];
  const slots = result.flatMap((calendar) => calendar.slots.map((slot) => ({ staff_id: calendar.staff_id, start: slot.start })));
  slots.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return slots.find((slot) => Date.parse(slot.start) - now > PASSES_MS)!;
}

/**
 * The app's clock (POST /dev/clock, shared by the worker's whole server) and the page's (Playwright's
 * page.clock) both set to `at`, so what the server offers and what the page calls "today" agree.
 * A spec that moves the app's clock puts it back after each test (DELETE /dev/clock).
 */
export async function startClocksAt(page: Page, request: APIRequestContext, at: Date): Promise<void> {
  await call(request, "POST", "/dev/clock", undefined, { now: at.toISOString() });
  await page.clock.install({ time: at });
}
