import { expect, test } from "./support/fixtures";
import { chooseLaterDay, chooseService, fillDetails, MID_MONTH, uniqueEmail } from "./support/flow";
import { PHONE, DESKTOP, seed, look, pickTime, bookings, pauseBrowserClock, resetClockAfterEach } from "./support/journey-flow";
import { call, latestCode, startClocksAt } from "./support/seed";

/**
 * Issue 15, the booking-flow half, items 6–12 (1–4: journey-flow.spec.ts): validation, a taken time,
 * the hold timer and the phone layout, walked in real Chromium; `look` asserts axe (WCAG 2.2 AA) and
 * saves a screenshot at the width walked, or at 390 px and 1280 px for the phone walk (item 12).
 */
resetClockAfterEach();

for (const [width, size] of [
  [390, PHONE],
  [1280, DESKTOP],
] as const) {
  test(`6 · validation speaks plainly, agrees with the server, says length limits, and reads local phone numbers (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(size);
    const seeded = await seed(request);
    await call(request, "PATCH", "/v1/workspace", seeded.sk, { contact_phone: "+442079460958" });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Haircut");
    await pickTime(page);
    // No silent cut: a longer paste is kept and the customer is told the limit (below).
    await expect(page.getByLabel("Full name")).not.toHaveAttribute("maxlength");
    await expect(page.getByLabel("Email")).not.toHaveAttribute("maxlength");
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

    // A 500-character name (pasted) stays whole and is refused with the limit beside the field; nothing is posted.
    await page.getByLabel("Email").fill("pat@example.com");
    await page.getByLabel("Country code").selectOption("GB");
    await page.getByLabel(/^Phone/).fill("020 7946 0958");
    const longName = "Pat ".repeat(125);
    await page.getByLabel("Full name").fill(longName);
    await expect(page.getByLabel("Full name")).toHaveValue(longName);
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByText("Please keep your name to 200 characters or fewer.")).toBeVisible();
    await expect(page.getByLabel("Full name")).toBeFocused();
    await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    await look(page, testInfo, "02-name-too-long");
    expect(posted).toBe(0);

    await page.getByLabel("Full name").fill("Pat Lee");
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
    // The browser's clock is ours (from MID_MONTH, as the app's): it stands still while the hold is
    // made, so the first tick reads the hold's whole window however long the server takes to answer.
    await startClocksAt(page, request, MID_MONTH);
    const seeded = await seed(request, { requireVerification: true });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Haircut");
    await chooseLaterDay(page);
    await pickTime(page, 3);
    const email = uniqueEmail("timer");
    await fillDetails(page, { name: "Tim Ode", email });
    await pauseBrowserClock(page);
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
    await page.clock.resume();

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
  await startClocksAt(page, request, MID_MONTH);
  const seeded = await seed(request);
  await page.goto(`/book/${seeded.slug}`);
  const icon = await page.locator("link[rel='icon']").first().getAttribute("href");
  expect(icon).toBeTruthy();
  expect((await request.get(icon ?? "")).status()).toBe(200);
  await chooseService(page, "Haircut");
  const day = page.locator("button[data-date][aria-label*='times available']").nth(2);
  await day.click();
  // Whichever row of the month the day sits in, its heading and first
  // time end up on screen without a scroll of the customer's own.
  const heading = page.locator("#day-times-heading");
  const firstTime = page
    .getByRole("group", { name: /^Times on/ })
    .getByRole("button")
    .first();
  await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  await expect
    .poll(async () => {
      const box = await firstTime.boundingBox();
      return box ? box.y + box.height : 9_999;
    })
    .toBeLessThanOrEqual(PHONE.height);
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

test("13 · keyboard: Tab into the calendar lands on the chosen day, not on today without times", async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await startClocksAt(page, request, MID_MONTH);
  const seeded = await seed(request);
  // The rest of today (and the next day) is time off: today offers no times and the page chooses a later day.
  const instant = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  await call(request, "POST", `/v1/staff/${seeded.staff[0]!.id}/time-off`, seeded.sk, {
    starts_at: instant(MID_MONTH.getTime() - 60 * 60_000),
    ends_at: instant(MID_MONTH.getTime() + 48 * 60 * 60_000),
    reason: "Away",
  });
  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  const chosen = page.locator("button[data-date][aria-pressed='true']");
  await expect(chosen).toHaveAttribute("aria-label", /times available/);
  // Today (when this month shows it) offers nothing: the old tab stop.
  await expect(page.locator("button[data-date][aria-label*='today'][aria-label*='times available']")).toHaveCount(0);
  const chosenDay = await chosen.getAttribute("data-date");

  await page.getByRole("button", { name: "Next month" }).focus();
  await page.keyboard.press("Tab");
  const landed = await page.evaluate(() => {
    const active = document.activeElement;
    return { date: active?.getAttribute("data-date"), pressed: active?.getAttribute("aria-pressed"), name: active?.getAttribute("aria-label") };
  });
  expect(landed).toMatchObject({ date: chosenDay, pressed: "true", name: expect.stringMatching(/times available/) });

  // The arrows still move the stop while inside; from outside again, Tab comes back to the chosen day
  // (the next month's first with times, when the arrow crossed into it: leaving a month clears the choice).
  const nextDay = new Date(Date.parse(`${chosenDay}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await page.keyboard.press("ArrowRight");
  await expect(page.locator(`button[data-date="${nextDay}"]`)).toBeFocused();
  await page.getByRole("button", { name: "Next month" }).focus();
  await page.keyboard.press("Tab");
  await expect(chosen).toBeFocused();
});
