import { E2E } from "./support/env";
import { call, latestCode, seedWorkspace, startClocksAt } from "./support/seed";
import { expect, test } from "./support/fixtures";
import { chooseFirstTime, chooseService, fillDetails, firstTime, uniqueEmail } from "./support/flow";

test.afterEach(async ({ request }) => {
  // The dev clock is shared by the whole server: leave it where we found it.
  await request.delete("/dev/clock");
});

test("a time taken meanwhile: kind message, back to the times, details kept", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request);
  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  const takenStart = (await (await firstTime(page)).getAttribute("data-start"))!;
  await chooseFirstTime(page);
  const email = uniqueEmail("taken");
  await fillDetails(page, { name: "Eli Moss", email });

  // Someone else books the same time through the API before this customer submits.
  await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.haircut,
    starts_at: takenStart,
    customer: { name: "Quick Other", email: "other@customer.example" },
  });
  await page.getByRole("button", { name: "Book appointment" }).click();

  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeFocused();
  await expect(page.getByRole("alert").filter({ hasText: "That time was just taken" })).toBeVisible();
  await expect(page.locator(`button[data-start="${takenStart}"]`)).toHaveCount(0);
  await checkpoint("slot-taken");

  await chooseFirstTime(page);
  await expect(page.getByLabel("Full name")).toHaveValue("Eli Moss");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
});

test("time off added meanwhile: the page says the business is unavailable then, never that someone booked it", async ({ page, request, checkpoint }) => {
  // The journey account: the shared one is at its 25-workspace cap by the end of a run.
  const seeded = await seedWorkspace(request, { accountFile: E2E.journeyAccountFile });
  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  const closedStart = (await (await firstTime(page)).getAttribute("data-start"))!;
  await chooseFirstTime(page);
  await fillDetails(page, { name: "Ida Lowe", email: uniqueEmail("closed") });

  // The business takes that hour off through the API before this customer submits.
  await call(request, "POST", `/v1/staff/${seeded.staff[0]!.id}/time-off`, seeded.sk, {
    starts_at: closedStart,
    ends_at: new Date(Date.parse(closedStart) + 60 * 60_000).toISOString(),
    reason: "Training",
  });
  const answer = page.waitForResponse((response) => response.url().endsWith("/v1/bookings") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Book appointment" }).click();
  expect((await (await answer).json()).error).toMatchObject({ type: "slot_unavailable", reason: "closed" });

  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeFocused();
  const alert = page.getByRole("alert").filter({ hasText: "That time is no longer open" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("The business is unavailable then.");
  await expect(page.getByText(/just taken|Someone else/)).toHaveCount(0);
  await expect(page.locator(`button[data-start="${closedStart}"]`)).toHaveCount(0);
  await checkpoint("slot-closed");
});

test("a network failure: nothing lost, the retry reuses the Idempotency-Key and books once", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request);
  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  await chooseFirstTime(page);
  await fillDetails(page, { name: "Fay Ode", email: uniqueEmail("network") });

  const keys: string[] = [];
  // The first attempt reaches the server, but its answer is lost on the way back.
  await page.route("**/v1/bookings", async (route) => {
    keys.push(route.request().headers()["idempotency-key"]!);
    if (keys.length === 1) {
      await route.fetch();
      await route.abort("internetdisconnected");
    } else await route.continue();
  });
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "We couldn't reach the booking service" })).toBeFocused();
  await expect(page.getByLabel("Full name")).toHaveValue("Fay Ode");
  await checkpoint("network-failure");

  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect((await call(request, "GET", "/v1/bookings", seeded.sk)).data).toHaveLength(1);
});

test("a rate limit (429): a countdown to the next minute, then the same details go through", async ({ page, request, clientIp, checkpoint }) => {
  const seeded = await seedWorkspace(request);
  // The budget is per minute of the app's clock: the server and the browser start two seconds
  // into a minute, so the burn and the click below share one minute whatever the hour.
  const minuteStart = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 2_000);
  await startClocksAt(page, request, minuteStart);
  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  await chooseFirstTime(page, 10);
  await fillDetails(page, { name: "Gus Hale", email: uniqueEmail("ratelimit") });

  // Use up this minute's budget for this key and IP (10 a minute; refusals count too).
  for (let i = 0; i < 10; i++) {
    await request.post("/v1/bookings", { headers: { Authorization: `Bearer ${seeded.pk}`, "X-Forwarded-For": clientIp }, data: {} });
  }
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "A few too many tries" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Try again in \d+s/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Try again in \d+s/ })).toBeDisabled();
  await checkpoint("rate-limited");

  // The next minute comes, on the server's clock and the browser's alike.
  await call(request, "POST", "/dev/clock", undefined, { advance_seconds: 60 });
  await page.clock.fastForward("01:00");
  await expect(page.getByRole("button", { name: "Try again", exact: true })).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Gus Hale");
  await page.getByRole("button", { name: "Try again", exact: true }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
});

test("the hold: warning before it ends, one-click extension, then a kind expiry with the details kept", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request, { requireVerification: true });
  await page.clock.install();
  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  await chooseFirstTime(page);
  const email = uniqueEmail("hold");
  await fillDetails(page, { name: "Hal Ives", email });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  // 8½ of the 10 minutes pass, on the server's clock and the browser's alike.
  await call(request, "POST", "/dev/clock", undefined, { advance_seconds: 510 });
  await page.clock.fastForward("08:30");
  const warning = page.getByRole("alert").filter({ hasText: "Less than 2 minutes left" });
  await expect(warning).toBeVisible();
  await checkpoint("hold-warning");

  await warning.getByRole("button", { name: "Keep my time" }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByText(/Your time is held for (9|10):\d{2}/)).toBeVisible();
  await checkpoint("hold-extended");

  // The renewed 10 minutes run out.
  await call(request, "POST", "/dev/clock", undefined, { advance_seconds: 660 });
  await page.clock.fastForward("11:00");
  await expect(page.getByRole("alert").filter({ hasText: "Your held time has ended" })).toBeVisible();
  await checkpoint("hold-expired");

  await page.getByRole("button", { name: "Choose a time again" }).click();
  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeFocused();
  await chooseFirstTime(page);
  await expect(page.getByLabel("Full name")).toHaveValue("Hal Ives");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.getByLabel("Confirmation code").fill(await latestCode(request, email));
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
});
