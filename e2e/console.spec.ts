import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Cookie, Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, screenshotAndAxe, test, WCAG_22_AA_TAGS } from "./support/fixtures";
import { call, firstSlot, seedWorkspace, type Seeded } from "./support/seed";
import { askForLink, emailedSignInLink, outbox } from "./support/console";
import { tabTo } from "./support/keyboard";

/**
 * The business's console (docs/console.md) as an owner uses it: signs in from the emailed link,
 * opens a booking from the day's list, reads the customer's answers, resends the confirmation,
 * cancels it, and takes a phone booking; what a link used twice, another account's workspace and
 * a cross-site form post get. Axe (WCAG 2.2 AA) and screenshots at 390 px and 1280 px.
 */
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { label: "390", width: 390, height: 844 },
  { label: "1280", width: 1280, height: 900 },
];
const SCREENS = path.join("e2e", "artifacts", "screens", "console");
const accountKey = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as { account_key: string }).account_key;
const look = (page: Page, testInfo: Parameters<typeof screenshotAndAxe>[1], name: string) =>
  screenshotAndAxe(page, testInfo, name, VIEWPORTS, WCAG_22_AA_TAGS, SCREENS);

/**
 * Signs the owner in through the emailed link, as they would, once: later tests open the console
 * with that session's cookie (a person is sent at most 5 links an hour).
 */
let session: Cookie[] = [];
async function signIn(page: Page, request: APIRequestContext) {
  if (session.length > 0) {
    await page.context().addCookies(session);
    await page.goto("/console");
    await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();
    return;
  }
  const seen = (await outbox(request, ownerEmail)).filter((message) => /sign in/i.test(message.subject)).length;
  await askForLink(page, ownerEmail);
  await page.goto(await emailedSignInLink(request, ownerEmail, seen));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();
  session = (await page.context().cookies()).filter((cookie) => cookie.name.endsWith("console_session"));
}

let seeded: Seeded;
let workspaceId = "";
let ownerEmail = "";
let questionLabel = "";

test.beforeAll(async ({ request }) => {
  seeded = await seedWorkspace(request, { accountFile: E2E.consoleAccountFile, withQuestions: true, withDeposit: true });
  workspaceId = (await call(request, "GET", "/v1/workspace", seeded.sk)).id;
  ownerEmail = `owner-${workspaceId.slice(0, 8)}@console.example`;
  await call(request, "POST", "/v1/account/members", accountKey(E2E.consoleAccountFile), { email: ownerEmail, role: "owner" });
});

test("an owner signs in from the emailed link, once; another account's workspace is a 404; a cross-site post is refused", async ({
  page,
  browser,
  request,
}, testInfo) => {
  await askForLink(page, ownerEmail);
  await look(page, testInfo, "01-check-your-email");
  const link = await emailedSignInLink(request, ownerEmail);
  await page.goto(link);
  await look(page, testInfo, "02-sign-in-button");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/console/${workspaceId}/bookings`));

  // The same link a second time, in another browser: spent, it signs nobody in.
  const stranger = await browser.newContext();
  const second = await stranger.newPage();
  await second.goto(`${E2E.appUrl}${link}`);
  await second.getByRole("button", { name: "Sign in" }).click();
  await expect(second.getByText("That sign-in link has expired or was already used.")).toBeVisible();
  expect((await second.goto(`${E2E.appUrl}/console/${workspaceId}/bookings`))?.url()).toContain("/console/sign-in");
  await stranger.close();

  // Another account's workspace: not found, as another workspace's record is in the API.
  const other = await seedWorkspace(request, { accountFile: E2E.consoleOtherAccountFile });
  const otherId = (await call(request, "GET", "/v1/workspace", other.sk)).id;
  expect((await page.goto(`/console/${otherId}/bookings`))?.status()).toBe(404);

  // A form posted from another site, with the owner's cookie: refused before any action runs.
  const forged = await page.request.post(`/console/${workspaceId}/bookings/new`, {
    headers: { Origin: "https://forged.example" },
    form: { workspace: workspaceId, service: seeded.services.haircut },
  });
  expect(forged.status()).toBe(403);
});

test("an owner reads a booking's answers, resends its confirmation, cancels it, and takes a phone booking", async ({ page, request }, testInfo) => {
  const questions = (await call(request, "GET", "/v1/questions", seeded.sk)).data as { id: string; label: string; type: string }[];
  const heard = questions.find((question) => question.type === "select")!;
  const agreed = questions.find((question) => question.type === "checkbox")!;
  questionLabel = heard.label;
  const slot = await firstSlot(request, seeded, seeded.services.haircut);
  const customer = { name: "Grace Caller", email: `grace-${workspaceId.slice(0, 8)}@example.com` };
  const booking = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.haircut,
    staff_id: slot.staff_id,
    starts_at: slot.start,
    customer,
    answers: [
      { question_id: heard.id, value: "Walking past" },
      { question_id: agreed.id, value: "true" },
    ],
  });
  expect(booking.status).toBe("confirmed");

  const seen = (await outbox(request, ownerEmail)).filter((message) => /sign in/i.test(message.subject)).length;
  await askForLink(page, ownerEmail);
  await page.goto(await emailedSignInLink(request, ownerEmail, seen));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();

  // The day of the booking, in the workspace's zone; the booking is a link named by its time and the customer.
  const day = new Date(slot.start).toLocaleDateString("en-CA", { timeZone: seeded.timezone });
  await page.goto(`/console/${workspaceId}/bookings?view=day&date=${day}`);
  const entry = page.getByRole("link", { name: new RegExp(customer.name) });
  await expect(entry).toBeVisible();
  // The zone as people say it, never its raw id.
  await expect(page.getByText(/times in New York time/)).toBeVisible();
  await look(page, testInfo, "03-day");
  await entry.click();

  await expect(page.getByRole("heading", { name: new RegExp(customer.name) })).toBeVisible();
  await expect(page.getByText(questionLabel)).toBeVisible();
  await expect(page.getByText("Walking past")).toBeVisible();
  // A checkbox's answer reads as a word, not "true".
  await expect(page.getByRole("definition").filter({ hasText: /^Yes$/ })).toHaveCount(1);
  const before = (await outbox(request, customer.email)).length;
  await page.getByRole("button", { name: "Resend confirmation" }).click();
  await expect(page.getByRole("status")).toContainText("confirmation email is on its way");
  await expect.poll(async () => (await outbox(request, customer.email)).length).toBe(before + 1);
  const messages = page.getByRole("list", { name: /Messages about this booking/ });
  await expect(messages.getByRole("listitem").filter({ hasText: "Confirmation" })).toHaveCount(2);
  await expect(page.getByRole("listitem").filter({ hasText: `Confirmation sent again by ${ownerEmail}` })).toHaveCount(1);
  await look(page, testInfo, "04-booking");

  await page.getByRole("link", { name: "Cancel booking" }).click();
  await expect(page.getByText("There is no payment to refund")).toBeVisible();
  await look(page, testInfo, "05-cancel-rule");
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText("Cancelled", { exact: false }).first()).toBeVisible();
  expect((await call(request, "GET", `/v1/bookings/${booking.id}`, seeded.sk)).status).toBe("cancelled");
  await expect.poll(async () => (await outbox(request, customer.email)).some((message) => /cancel/i.test(message.subject))).toBe(true);
  await expect(page.getByRole("button", { name: "Resend confirmation" })).toHaveCount(0);

  // A phone booking: service, an offered time, the customer; created as a secret key creates it.
  await page.goto(`/console/${workspaceId}/bookings/new`);
  // The day first (today by default), then that day's offered times: the day of a time still free.
  const phoneSlot = await firstSlot(request, seeded, seeded.services.trim);
  await page.getByLabel("Service").selectOption(seeded.services.trim);
  await page.getByLabel("Day", { exact: true }).fill(new Date(phoneSlot.start).toLocaleDateString("en-CA", { timeZone: seeded.timezone }));
  await page.getByRole("button", { name: "Show times" }).click();
  await page.getByRole("radio").first().check();
  // The service's required question is asked here too: the create refuses a booking without its answer.
  await page.getByLabel(questionLabel).selectOption("A friend");
  await page.getByLabel("Name").fill("Phone Caller");
  await page.getByLabel("Email").fill(`phone-${workspaceId.slice(0, 8)}@example.com`);
  await look(page, testInfo, "06-new-booking");
  await page.getByRole("button", { name: "Create booking" }).click();
  await expect(page.getByRole("heading", { name: /Phone Caller/ })).toBeVisible();
  const made = (await call(request, "GET", `/v1/bookings?q=${encodeURIComponent("Phone Caller")}`, seeded.sk)).data as { status: string }[];
  expect(made.map((row) => row.status)).toEqual(["confirmed"]);
});

test("keyboard only: an owner signs in, reaches a booking from the day view and opens it, focus always visible", async ({ page, request }) => {
  const slot = await firstSlot(request, seeded, seeded.services.trim);
  const questions = (await call(request, "GET", "/v1/questions", seeded.sk)).data as { id: string; type: string }[];
  const heard = questions.find((question) => question.type === "select")!;
  const customer = { name: "Kim Keyboard", email: `kim-${workspaceId.slice(0, 8)}@example.com` };
  await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.trim,
    staff_id: slot.staff_id,
    starts_at: slot.start,
    customer,
    answers: [{ question_id: heard.id, value: "A friend" }],
  });

  const seen = (await outbox(request, ownerEmail)).filter((message) => /sign in/i.test(message.subject)).length;
  await page.goto("/console/sign-in");
  await page.getByLabel("Email").focus();
  await page.keyboard.type(ownerEmail);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.goto(await emailedSignInLink(request, ownerEmail, seen));
  await tabTo(page, /^Sign in$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();

  const day = new Date(slot.start).toLocaleDateString("en-CA", { timeZone: seeded.timezone });
  await page.goto(`/console/${workspaceId}/bookings?view=day&date=${day}`);
  await tabTo(page, new RegExp(customer.name));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: new RegExp(customer.name) })).toBeVisible();
});

test("a member reads the console in their language: chosen in the header and kept, else the browser's; Arabic right to left", async ({
  page,
  browser,
  request,
}, testInfo) => {
  await signIn(page, request);
  await page.getByLabel("Language").selectOption("de");
  await page.getByRole("button", { name: "Change language" }).click();
  await expect(page.getByRole("heading", { name: "Buchungen" })).toBeVisible();
  // Kept: a reload (and any console page after it) is still German, dates too.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Buchungen" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("link", { name: "Neue Buchung" })).toBeVisible();
  // A day's date in German, in the workspace's zone named in German.
  await page.goto(`/console/${workspaceId}/bookings?view=day&date=2030-01-07`);
  await expect(page.getByText("Montag, 7. Januar 2030 · Zeiten: Ortszeit New York")).toBeVisible();

  await page.getByLabel("Sprache").selectOption("ar");
  await page.getByRole("button", { name: "Sprache ändern" }).click();
  await expect(page.getByRole("heading", { name: "الحجوزات" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await look(page, testInfo, "07-bookings-arabic");

  // No choice made: the browser's language, sign-in page included.
  const french = await browser.newContext({ locale: "fr-FR" });
  const other = await french.newPage();
  await other.goto(`${E2E.appUrl}/console/sign-in`);
  await expect(other.getByRole("heading", { name: "Connectez-vous à la console" })).toBeVisible();
  await expect(other.locator("html")).toHaveAttribute("lang", "fr");
  // The link asked for from a French page comes in French.
  const before = (await outbox(request, ownerEmail)).length;
  await other.getByLabel("E-mail").fill(ownerEmail);
  await other.getByRole("button", { name: "Envoyer le lien de connexion" }).click();
  await expect(other.getByRole("heading", { name: "Consultez vos e-mails" })).toBeVisible();
  await expect.poll(async () => (await outbox(request, ownerEmail)).length).toBe(before + 1);
  const [frenchEmail] = await outbox(request, ownerEmail);
  expect(frenchEmail!.subject).toBe("Connexion à votre console de réservation");
  expect(frenchEmail!.text).toMatch(
    /^Connectez-vous à votre console de réservation avec ce lien :\n\nhttps?:\/\/\S+\/console\/sign-in\/\S+\n\nIl fonctionne une fois, dans les 15 minutes\./,
  );
  await french.close();
});

test("a booking's page shows its payment and its refund, and a series' dates, each a link to that booking", async ({ page, request }, testInfo) => {
  const questions = (await call(request, "GET", "/v1/questions", seeded.sk)).data as { id: string; type: string }[];
  const answers = [{ question_id: questions.find((question) => question.type === "select")!.id, value: "A friend" }];
  // A deposit paid by the customer, as the hosted flow pays it.
  const slot = await firstSlot(request, seeded, seeded.services.colour!);
  const paid = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.colour,
    staff_id: slot.staff_id,
    starts_at: slot.start,
    customer: { name: "Pat Payer", email: `pat-${workspaceId.slice(0, 8)}@example.com` },
    answers,
  });
  expect(paid.status).toBe("awaiting_payment");
  await call(request, "POST", `/dev/payments/${paid.id}/succeed`, undefined);

  await signIn(page, request);
  await page.goto(`/console/${workspaceId}/bookings/${paid.id}`);
  const payment = page.getByRole("definition").filter({ hasText: /20\.00/ });
  await expect(payment).toHaveText(/20\.00 · Paid/);
  await page.getByRole("link", { name: "Cancel booking" }).click();
  await expect(page.getByText(/20\.00 is refunded to the customer/)).toBeVisible();
  await page.getByRole("button", { name: "Cancel booking" }).click();
  // The refund goes to the processor after the cancel commits: the page shows it once it is back.
  await expect
    .poll(async () => {
      await call(request, "POST", "/dev/jobs/run", undefined);
      await page.reload();
      return (await payment.textContent()) ?? "";
    })
    .toMatch(/20\.00 · Refunded\s*Refunded .*20\.00 \(.+\)/);
  await look(page, testInfo, "08-payment-refunded");

  // A weekly series of three: each booking's page lists every date with its status, each a link.
  const weekly = await call(request, "POST", "/v1/services", seeded.sk, { name: "Weekly check-in", duration_minutes: 30, payment_mode: "none", repeat_max: 4 });
  await call(request, "PUT", `/v1/services/${weekly.id}/staff`, seeded.sk, { staff_ids: [seeded.staff[0]!.id] });
  const first = await firstSlot(request, seeded, weekly.id);
  const made = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: weekly.id,
    starts_at: first.start,
    customer: { name: "Sam Series", email: `sam-${workspaceId.slice(0, 8)}@example.com` },
    answers,
    repeat: { every: "week", count: 3 },
  });
  const occurrences = made.series.bookings as { id: string }[];
  expect(occurrences).toHaveLength(3);
  await page.goto(`/console/${workspaceId}/bookings/${occurrences[0]!.id}`);
  const dates = page.getByRole("list", { name: "The 3 bookings of this series, first to last" });
  await expect(dates.getByRole("listitem")).toHaveCount(3);
  await expect(dates.getByRole("listitem").filter({ hasText: "Confirmed" })).toHaveCount(3);
  await expect(dates.getByRole("link").first()).toHaveAttribute("aria-current", "page");
  await look(page, testInfo, "09-series");
  await dates.getByRole("link").nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${occurrences[1]!.id}$`));
  await expect(page.getByRole("heading", { name: /Sam Series/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "The 3 bookings of this series, first to last" }).getByRole("link").nth(1)).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the list view narrows by service and by dates, besides search, status and calendar", async ({ page, request }, testInfo) => {
  const questions = (await call(request, "GET", "/v1/questions", seeded.sk)).data as { id: string; type: string }[];
  const slot = await firstSlot(request, seeded, seeded.services.trim);
  await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.trim,
    staff_id: slot.staff_id,
    starts_at: slot.start,
    customer: { name: "Lee Lister", email: `lee-${workspaceId.slice(0, 8)}@example.com` },
    answers: [{ question_id: questions.find((question) => question.type === "select")!.id, value: "A friend" }],
  });
  const day = new Date(slot.start).toLocaleDateString("en-CA", { timeZone: seeded.timezone });
  const nextDay = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  await signIn(page, request);
  await page.goto(`/console/${workspaceId}/bookings?view=list`);
  const search = async (filters: { service: string; from: string; to: string }) => {
    await page.getByLabel("Service").selectOption({ label: filters.service });
    await page.getByLabel("From", { exact: true }).fill(filters.from);
    await page.getByLabel("To", { exact: true }).fill(filters.to);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${filters.from}&to=${filters.to}`));
  };
  const lee = page.getByRole("link", { name: /Lee Lister/ });

  await search({ service: "Quick trim", from: day, to: day });
  await expect(lee).toBeVisible();
  await expect(page.getByRole("link", { name: /Pat Payer/ })).toHaveCount(0);
  await look(page, testInfo, "10-list-filtered");
  await search({ service: "Colour consultation", from: day, to: day });
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();
  await expect(lee).toHaveCount(0);
  await search({ service: "Quick trim", from: nextDay, to: nextDay });
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(nextDay);
  await expect(lee).toHaveCount(0);
});

test("Reschedule: a day first (today by default, then the previous or next day), then that day's times; the booking moves", async ({
  page,
  request,
}, testInfo) => {
  const questions = (await call(request, "GET", "/v1/questions", seeded.sk)).data as { id: string; type: string }[];
  const slot = await firstSlot(request, seeded, seeded.services.trim);
  const booking = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.trim,
    staff_id: slot.staff_id,
    starts_at: slot.start,
    customer: { name: "Mo Mover", email: `mo-${workspaceId.slice(0, 8)}@example.com` },
    answers: [{ question_id: questions.find((question) => question.type === "select")!.id, value: "A friend" }],
  });
  await signIn(page, request);
  await page.goto(`/console/${workspaceId}/bookings/${booking.id}`);
  await page.getByRole("link", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { name: "Reschedule" })).toBeVisible();
  // Today in the workspace's zone by default, and no earlier day.
  const dayInput = page.getByLabel("Day", { exact: true });
  const today = await dayInput.getAttribute("min");
  await expect(dayInput).toHaveValue(today!);
  await expect(page.getByRole("link", { name: "Previous day" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next day" }).click();
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await expect(dayInput).toHaveValue(tomorrow);
  await expect(page.getByRole("link", { name: "Previous day" })).toBeVisible();

  // A week after the booking's day: the same weekday, so open, with the whole day's times.
  const day = new Date(Date.parse(slot.start) + 7 * 86_400_000).toLocaleDateString("en-CA", { timeZone: seeded.timezone });
  await dayInput.fill(day);
  await page.getByRole("button", { name: "Show times" }).click();
  await expect(dayInput).toHaveValue(day);
  const times = page.getByRole("radio");
  await expect(times.first()).toBeVisible();
  await look(page, testInfo, "11-reschedule");
  const target = times.first();
  const startsAt = await target.getAttribute("value");
  await target.check();
  await page.getByRole("button", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { name: /Mo Mover/ })).toBeVisible();
  expect(Date.parse((await call(request, "GET", `/v1/bookings/${booking.id}`, seeded.sk)).starts_at)).toBe(Date.parse(startsAt!));
});
