import { expect, test } from "./support/fixtures";
import { chooseLaterDay, chooseService, fillDetails, MID_MONTH, uniqueEmail } from "./support/flow";
import { PHONE, DESKTOP, seed, look, pickTime, bookings, resetClockAfterEach } from "./support/journey-flow";
import { call, latestCode, startClocksAt } from "./support/seed";

/**
 * Issue 15, the booking-flow half, items 1–4: the customer journey with no dead ends. Each test walks one
 * numbered item of "What was seen" in real Chromium, at 390 px and again at 1280 px; `look` asserts
 * axe (WCAG 2.2 AA) at the width walked and saves its screenshot. Workspaces live on this spec's
 * own account. Items 6–12:
 * journey-flow-details.spec.ts.
 */
resetClockAfterEach();

for (const [width, size] of [
  [390, PHONE],
  [1280, DESKTOP],
] as const) {
  test(`1 · every step is a URL: Back, Forward and reload move between steps and keep what was typed (${width} px)`, async ({ page, request }, testInfo) => {
    await page.setViewportSize(size);
    await startClocksAt(page, request, MID_MONTH);
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
    await startClocksAt(page, request, MID_MONTH);
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
}
