import path from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, screenshotAndAxe, test, WCAG_22_AA_TAGS } from "./support/fixtures";
import { chooseLaterDay, chooseService, fillDetails, uniqueEmail } from "./support/flow";
import { call, latestCode, seedWorkspace, type SeedOptions, type Seeded } from "./support/seed";

/**
 * Issue 15, the booking-flow half: the customer journey with no dead ends. Each test walks one
 * numbered item of "What was seen" in real Chromium; `look` asserts axe (WCAG 2.2 AA) at 390 px
 * and 1280 px and saves both screenshots. Workspaces live on this spec's own account.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const seed = (request: APIRequestContext, options: SeedOptions = {}) => seedWorkspace(request, { ...options, accountFile: E2E.journeyAccountFile });

const LOOK_VIEWPORTS = [
  { label: "390", ...PHONE },
  { label: "1280", ...DESKTOP },
];

function look(page: Page, testInfo: TestInfo, name: string) {
  // One folder per test and width: the long titles share their first 60 characters.
  const walkedAt = testInfo.title.match(/\((\d+) px\)$/)?.[1] ?? "phone";
  const title = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60);
  return screenshotAndAxe(
    page,
    testInfo,
    name,
    LOOK_VIEWPORTS,
    WCAG_22_AA_TAGS,
    path.join("e2e", "artifacts", "screens", `journey-${title}-walked-${walkedAt}`),
  );
}

const times = (page: Page) => page.getByRole("group", { name: /^Times on/ }).getByRole("button");

async function pickTime(page: Page, nth = 0) {
  await expect(times(page).first()).toBeVisible();
  const slot = times(page).nth(nth);
  const label = (await slot.getAttribute("aria-label")) ?? "";
  await slot.click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  return label;
}

const bookings = async (request: APIRequestContext, seeded: Seeded) =>
  (await call(request, "GET", "/v1/bookings", seeded.sk)).data as { id: string; status: string; starts_at: string }[];

test.afterEach(async ({ request }) => {
  await request.delete("/dev/clock");
});

// Items 1–11 walk at both widths; 12 is about the phone layout.
for (const [width, size] of [
  [390, PHONE],
  [1280, DESKTOP],
] as const) {
  test(`1 · every step is a URL: Back, Forward and reload move between steps and keep what was typed (${width} px)`, async ({ page, request }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request, { vertical: "general" });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Haircut");
    expect(new URL(page.url()).searchParams.get("service")).toBe(seeded.services.haircut);
    // Tapping a later date puts the day in the address.
    const chosenDay = await chooseLaterDay(page);
    await pickTime(page, 2);
    const detailsUrl = new URL(page.url());
    expect(detailsUrl.searchParams.get("time")).toBeTruthy();
    await page.getByLabel("Full name").fill("Rae Quinn");
    await page.getByLabel("Email").fill("rae@customer.example");
    await look(page, testInfo, "01-details");

    const hydration: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text())) hydration.push(message.text());
    });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Rae Quinn");
    await expect(page.getByLabel("Email")).toHaveValue("rae@customer.example");
    // Back and Forward are the flow's own: no page is fetched from the server again (a late
    // fetch once committed an older step over the one the address named, across the reload).
    const pageFetches: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["rsc"] === "1" || request.url().includes("_rsc=")) pageFetches.push(request.url());
    });

    await page.goBack();
    await expect(page.getByRole("heading", { name: "Choose a time" })).toBeVisible();
    await expect(page.locator(`button[data-date="${chosenDay}"]`)).toHaveAttribute("aria-pressed", "true");
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Choose a service" })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("heading", { name: "Choose a time" })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Rae Quinn");
    expect(page.url()).toBe(detailsUrl.toString());
    expect(pageFetches).toEqual([]);
    // The step the address names is the step the server painted: no hydration mismatch.
    expect(hydration).toEqual([]);

    // 8 · customers never read "Calendar": the default word is "Staff member".
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
    await expect(page.getByText("Staff member", { exact: true })).toBeVisible();
    await expect(page.getByText("Calendar", { exact: true })).toHaveCount(0);
    await look(page, testInfo, "02-confirmed");
  });

  test(`2 · a held time survives a reload, and Change time or Back gives it back (${width} px)`, async ({ page, request }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request, { requireVerification: true });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Haircut");
    const chosenDay = await chooseLaterDay(page);
    const slotLabel = await pickTime(page, 1);
    const email = uniqueEmail("hold");
    await fillDetails(page, { name: "Hal Ode", email });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("step")).toBe("code");
    const [held] = await bookings(request, seeded);
    expect(held?.status).toBe("pending");

    await page.reload();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText(/Your time is held for \d+:\d{2}/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Your booking" })).toContainText("Haircut");
    await look(page, testInfo, "01-code-resumed");
    expect(await bookings(request, seeded)).toHaveLength(1);

    // Change time: the hold is cancelled first, the chosen day comes back, and its time is offered again.
    await page.getByRole("button", { name: "Change time" }).click();
    await expect(page.getByRole("heading", { name: "Choose a time" })).toBeVisible();
    await expect.poll(async () => (await bookings(request, seeded))[0]?.status).toBe("cancelled");
    await expect(page.locator(`button[data-date="${chosenDay}"]`)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: slotLabel })).toBeVisible();

    // Browser Back from the code step gives the time back too.
    await page.getByRole("button", { name: slotLabel }).click();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect.poll(async () => (await bookings(request, seeded)).map((b) => b.status).sort()).toEqual(["cancelled", "cancelled"]);
  });

  test(`2 · the pay step resumes after a reload with the same payment, and shows what is paid now and later (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request, { withDeposit: true });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Colour consultation");
    await pickTime(page);
    const summary = page.getByRole("region", { name: "Your booking" });
    await expect(summary).toContainText("US$80.00");
    await expect(summary).toContainText("Due now");
    await expect(summary).toContainText("US$20.00");
    await expect(summary).toContainText("Due at the appointment");
    await expect(summary).toContainText("US$60.00");
    // 7 · the customer's own zone beside the business's.
    await expect(summary).toContainText("New York time");
    await expect(summary).toContainText("London time");
    await fillDetails(page, { name: "Pia Moss", email: uniqueEmail("pay") });
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    await expect(summary).toContainText("Colour consultation");

    await page.reload();
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay US$20.00 (test card)" })).toBeVisible();
    await look(page, testInfo, "01-pay-resumed");
    await page.getByRole("button", { name: "Pay US$20.00 (test card)" }).click();
    await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
    const confirmation = page.locator("dl");
    await expect(confirmation).toContainText("Paid");
    await expect(confirmation).toContainText("US$20.00");
    await expect(confirmation).toContainText("Due at the appointment");
    await expect(confirmation).toContainText("US$60.00");
    await look(page, testInfo, "02-paid");
    expect((await bookings(request, seeded)).map((b) => b.status)).toEqual(["confirmed"]);
  });

  test(`3 · the code step: five wrong codes lead to a new code, and another email gives the time back (${width} px)`, async ({ page, request }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request, { requireVerification: true });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Haircut");
    await pickTime(page);
    const typo = uniqueEmail("typo");
    await fillDetails(page, { name: "Ida Wren", email: typo });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

    // "Use another email": the hold goes back and the email field has the cursor.
    await page.getByRole("button", { name: "Use another email" }).click();
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect.poll(async () => (await bookings(request, seeded))[0]?.status).toBe("cancelled");
    const email = uniqueEmail("right");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(email)).toBeVisible();

    const first = await latestCode(request, email);
    const wrong = first === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.getByLabel("Confirmation code").fill(wrong);
      await page.getByRole("button", { name: "Confirm booking" }).click();
      if (attempt < 4) await expect(page.getByText("That code didn't work")).toBeVisible();
    }
    await expect(page.getByText("That code can't be used any more")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send a new code" })).toBeFocused();
    await look(page, testInfo, "01-code-dead");

    await page.keyboard.press("Enter");
    await expect(page.getByText("We sent you a new code")).toBeVisible();
    await expect(page.getByLabel("Confirmation code")).toBeFocused();
    let second = first;
    await expect.poll(async () => (second = await latestCode(request, email))).not.toBe("");
    await page.keyboard.type(second);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
    expect((await bookings(request, seeded)).map((b) => b.status).sort()).toEqual(["cancelled", "confirmed"]);
  });

  test(`4 · the business's phone, email, address with a map, and policy on the booking page and confirmation (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request);
    await call(request, "PATCH", "/v1/workspace", seeded.sk, {
      contact_phone: "+442079460958",
      contact_email: "hello@harbour-hair.example",
      address: "1 Harbour Row, Bristol BS1 4RN",
      booking_policy: "Please give us 24 hours' notice to cancel.",
    });
    await page.goto(`/book/${seeded.slug}`);
    const contact = page.getByRole("complementary", { name: `How to reach ${seeded.name}` });
    await expect(contact.getByRole("link", { name: "+44 20 7946 0958" })).toHaveAttribute("href", "tel:+442079460958");
    await expect(contact.getByRole("link", { name: "hello@harbour-hair.example" })).toHaveAttribute("href", "mailto:hello@harbour-hair.example");
    await expect(contact.getByRole("link", { name: /Open map/ })).toHaveAttribute(
      "href",
      `https://www.openstreetmap.org/search?query=${encodeURIComponent("1 Harbour Row, Bristol BS1 4RN")}`,
    );
    await expect(contact).toContainText("Please give us 24 hours' notice to cancel.");
    await look(page, testInfo, "01-services-with-contact");

    await chooseService(page, "Haircut");
    await pickTime(page);
    // The policy sits before the button that commits.
    const policy = page.getByRole("main").getByText("Please give us 24 hours' notice to cancel.");
    await expect(policy).toBeVisible();
    const book = page.getByRole("button", { name: "Book appointment" });
    expect((await policy.boundingBox())!.y).toBeLessThan((await book.boundingBox())!.y);
    await fillDetails(page, { name: "Cal Moon", email: uniqueEmail("contact") });
    await book.click();
    await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "+44 20 7946 0958" })).toHaveAttribute("href", "tel:+442079460958");
    await look(page, testInfo, "02-confirmed-with-contact");
  });

  test(`6 · validation speaks plainly, agrees with the server, limits lengths, and reads local phone numbers (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request);
    await call(request, "PATCH", "/v1/workspace", seeded.sk, { contact_phone: "+442079460958" });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Haircut");
    await pickTime(page);
    await expect(page.getByLabel("Full name")).toHaveAttribute("maxlength", "200");
    await expect(page.getByLabel("Email")).toHaveAttribute("maxlength", "254");
    // The country defaults from the customer's locale (en-GB here), else from the business's phone.
    await expect(page.getByLabel("Country code")).toHaveValue("GB");

    let posted = 0;
    page.on("request", (req) => {
      if (req.url().endsWith("/v1/bookings") && req.method() === "POST") posted += 1;
    });
    await fillDetails(page, { name: "Pat Lee", email: "pat@example.c" });
    await page.getByLabel("Country code").selectOption("US");
    await page.getByLabel(/^Phone/).fill("+1234567");
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByText(/This doesn.t look like a complete email address/)).toBeVisible();
    await expect(page.getByText(/This doesn.t look like a complete phone number/)).toBeVisible();
    await expect(page.getByText(/customer\.|Invalid email|Too big/)).toHaveCount(0);
    await expect(page.getByLabel("Email")).toBeFocused();
    await look(page, testInfo, "01-plain-errors");
    expect(posted).toBe(0);

    await page.getByLabel("Email").fill("pat@example.com");
    await page.getByLabel("Country code").selectOption("GB");
    await page.getByLabel(/^Phone/).fill("020 7946 0958");
    const sent = page.waitForRequest((req) => req.url().endsWith("/v1/bookings") && req.method() === "POST");
    await page.getByRole("button", { name: "Book appointment" }).click();
    expect((await sent).postDataJSON().customer.phone).toBe("+442079460958");
    await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
  });

  test(`10 · a taken time returns to the chosen day; the month arrows stop at the booking window (${width} px)`, async ({ page, request }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request);
    await call(request, "PUT", `/v1/services/${seeded.services.haircut}`, seeded.sk, {
      name: "Haircut",
      duration_minutes: 45,
      price_cents: 4500,
      payment_mode: "none",
      max_advance_days: 20,
    });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Haircut");
    const open = page.locator("button[data-date][aria-label*='times available']");
    await expect(open.first()).toBeVisible();
    const later = open.nth(Math.min(3, (await open.count()) - 1));
    const chosenDay = (await later.getAttribute("data-date")) ?? "";
    await later.click();
    const slotLabel = await pickTime(page, 4);
    const startsAt = new URL(page.url()).searchParams.get("time") ?? "";
    await call(request, "POST", "/v1/bookings", seeded.sk, {
      service_id: seeded.services.haircut,
      starts_at: startsAt,
      customer: { name: "Someone Else", email: uniqueEmail("taker") },
    });
    await fillDetails(page, { name: "Tia Fox", email: uniqueEmail("taken") });
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByText("That time was just taken")).toBeVisible();
    await expect(page.locator(`button[data-date="${chosenDay}"]`)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: slotLabel })).toHaveCount(0);
    await look(page, testInfo, "01-taken-same-day");

    // The window ends 20 days out: at most one month ahead can be shown, and the arrow then stops.
    const next = page.getByRole("button", { name: "Next month" });
    if (await next.isEnabled()) await next.click();
    await expect(next).toBeDisabled();
    const lastDay = new Date(Date.now() + 20 * 86_400_000);
    const monthName = lastDay.toLocaleString("en-GB", { month: "long", timeZone: "America/New_York" });
    await expect(page.getByRole("heading", { level: 3, name: new RegExp(monthName) }).first()).toBeVisible();
  });

  test(`11 · the timer starts at 10:00, ends before the server does, and Keep my time clears a wrong-code error (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request, { requireVerification: true });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Haircut");
    await chooseLaterDay(page);
    await pickTime(page, 3);
    const email = uniqueEmail("timer");
    await fillDetails(page, { name: "Tim Ode", email });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { timerSeen: string[] }).timerSeen = seen;
      new MutationObserver(() => {
        const shown = document.body.innerText.match(/Your time is held for (\d+:\d{2})/)?.[1];
        if (shown && seen.at(-1) !== shown) seen.push(shown);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(/Your time is held for \d+:\d{2}/)).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { timerSeen: string[] }).timerSeen);
    expect(seen[0]).toBe("10:00");

    // With 100 seconds left the warning offers more time; a wrong code's error goes with it.
    await call(request, "POST", "/dev/clock", undefined, { advance_seconds: 500 });
    await page.reload();
    await expect(page.getByRole("button", { name: "Keep my time" })).toBeVisible();
    const code = await latestCode(request, email);
    await page.getByLabel("Confirmation code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect(page.getByText("That code didn't work")).toBeVisible();
    await page.getByRole("button", { name: "Keep my time" }).click();
    await expect(page.getByText("That code didn't work")).toHaveCount(0);
    await expect(page.getByText(/Your time is held for (10:00|9:5\d)/)).toBeVisible();
    await look(page, testInfo, "01-kept");

    // Two seconds before the server's end the page has already ended the hold: no submit it would refuse.
    const [pending] = await bookings(request, seeded);
    const held = await call(request, "GET", `/v1/bookings/${pending?.id}`, seeded.sk);
    await call(request, "POST", "/dev/clock", undefined, { now: new Date(Date.parse(held.hold_expires_at) - 2_900).toISOString() });
    await page.reload();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText("Your held time has ended")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm booking" })).toHaveCount(0);
    await look(page, testInfo, "02-ended-early");
  });
}

test("12 · phone: Back before Book in both order and place, times scroll into view, a favicon", async ({ page, request }, testInfo) => {
  await page.setViewportSize(PHONE);
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  const seeded = await seed(request);
  await page.goto(`/book/${seeded.slug}`);
  const icon = await page.locator("link[rel='icon']").first().getAttribute("href");
  expect(icon).toBeTruthy();
  expect((await request.get(icon ?? "")).status()).toBe(200);
  await chooseService(page, "Haircut");
  const day = page.locator("button[data-date][aria-label*='times available']").nth(2);
  await day.click();
  const heading = page.locator("#day-times-heading");
  await expect.poll(async () => (await heading.boundingBox())?.y ?? 9_999).toBeLessThan(PHONE.height * 0.5);
  await look(page, testInfo, "01-times-in-view");

  await pickTime(page);
  const back = page.getByRole("button", { name: "Back", exact: true });
  const book = page.getByRole("button", { name: "Book appointment" });
  expect((await back.boundingBox())!.y).toBeLessThan((await book.boundingBox())!.y);
  await back.focus();
  await page.keyboard.press("Tab");
  await expect(book).toBeFocused();
  expect(missing).toEqual([]);
});
