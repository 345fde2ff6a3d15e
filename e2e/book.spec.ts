import { readFileSync } from "node:fs";
import { call, latestCode, seedWorkspace } from "./support/seed";
import { expect, test } from "./support/fixtures";
import { chooseFirstTime, chooseService, fillDetails, uniqueEmail } from "./support/flow";

test("books without a code: services, times in either zone, details, confirmation with calendar links", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request);
  await page.goto(`/book/${seeded.slug}`);

  await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
  await expect(page.getByText("A calm harbour-side salon.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Terms/ })).toHaveAttribute("href", "https://harbour-hair.example/terms");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${seeded.name} – book online`);
  // Categories in the business's order, uncategorised last; vertical "salon" words the heading.
  await expect(page.getByRole("heading", { level: 2, name: "Choose a treatment" })).toBeVisible();
  const headings = await page.getByRole("heading", { level: 3 }).allTextContents();
  expect(headings).toEqual(["Hair", "Other"]);
  await expect(page.getByRole("button", { name: /^Haircut/ })).toContainText("US$45.00");
  await checkpoint("services");

  await chooseService(page, "Haircut");
  await expect(page.getByText("Times shown in New York time")).toBeVisible();
  const firstInBusinessZone = await page
    .getByRole("group", { name: /^Times on/ })
    .getByRole("button")
    .first()
    .textContent();
  await checkpoint("times");

  await page.getByRole("button", { name: "Show in my time (London)" }).click();
  await expect(page.getByText("Times shown in London time")).toBeVisible();
  await expect(
    page
      .getByRole("group", { name: /^Times on/ })
      .getByRole("button")
      .first(),
  ).not.toHaveText(firstInBusinessZone!);
  await checkpoint("times-in-my-zone");
  await page.getByRole("button", { name: "Show in New York time" }).click();
  await expect(page.getByText("Times shown in New York time")).toBeVisible();

  const slotLabel = await chooseFirstTime(page);
  expect(slotLabel).toMatch(/\d{4}, \d{2}:\d{2} New York time$/);
  await checkpoint("details");

  // Client-side checks first: nothing is sent while fields are wrong.
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByLabel("Full name")).toBeFocused();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await checkpoint("details-errors");

  const email = uniqueEmail("noverify");
  await fillDetails(page, { name: "Ana Lima", email, phone: "+44 20 7946 0958" });
  const sent = page.waitForRequest((req) => req.url().endsWith("/v1/bookings") && req.method() === "POST");
  await page.getByRole("button", { name: "Book appointment" }).click();
  const body = (await sent).postDataJSON();
  expect(body.customer).toEqual({ name: "Ana Lima", email, phone: "+442079460958", timezone: "Europe/London", language: "en", locale: "en-GB" });
  expect((await sent).headers()["authorization"]).toBe(`Bearer ${seeded.pk}`);

  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeFocused();
  // Business text is text: the note's markup shows literally.
  await expect(page.getByText("Parking</b> is free after 6 pm.", { exact: false })).toBeVisible();
  await checkpoint("confirmed");

  const google = page.getByRole("link", { name: /Add to Google Calendar/ });
  expect(new URL((await google.getAttribute("href"))!).hostname).toBe("calendar.google.com");
  const manage = page.getByRole("link", { name: "Change or cancel this booking" });
  await expect(manage).toHaveAttribute("href", /\/manage\/[A-Za-z0-9_-]{40,}$/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar (.ics)" }).click();
  const ics = readFileSync((await (await download).path())!, "utf8");
  expect(ics).toContain("BEGIN:VEVENT");
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toContain("SUMMARY:Haircut – ");

  const bookings = (await call(request, "GET", "/v1/bookings", seeded.sk)).data;
  expect(bookings).toHaveLength(1);
  // The same calendar event as the confirmation email's attachment: one entry per booking.
  expect(ics).toContain(`\r\nUID:${bookings[0].id}\r\nSEQUENCE:0\r\n`);
  expect(bookings[0].status).toBe("confirmed");
  expect(bookings[0].starts_at).toBe(body.starts_at);
});

test("books with a 6-digit code: the returned status leads to code entry, questions are asked", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request, { requireVerification: true, withQuestions: true });
  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  await chooseFirstTime(page);
  await expect(page.getByText("We'll email you a 6-digit code")).toBeVisible();
  const email = uniqueEmail("code");
  await fillDetails(page, { name: "Bo Park", email });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Please answer this question.")).toBeVisible();
  await expect(page.getByText("Please tick this box to continue.")).toBeVisible();
  await page.getByLabel("How did you hear about us?").selectOption("Instagram");
  await expect(page.getByText("Please answer this question.")).toBeHidden();
  await page.getByLabel(/Anything we should know/).fill("Sensitive scalp");
  await page.getByLabel("I agree to the salon's patch-test policy").check();
  await checkpoint("details-with-questions");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByLabel("Confirmation code")).toBeFocused();
  await expect(page.getByText(/Your time is held for \d+:\d{2}/)).toBeVisible();
  await checkpoint("code");

  const code = await latestCode(request, email);
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Confirmation code").fill(wrong);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByText("That code didn't work")).toBeVisible();
  await expect(page.getByLabel("Confirmation code")).toHaveAttribute("aria-invalid", "true");
  await checkpoint("wrong-code");

  await page.getByLabel("Confirmation code").fill(code);
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeFocused();
  await checkpoint("confirmed");

  const [booking] = (await call(request, "GET", "/v1/bookings", seeded.sk)).data;
  expect(booking.status).toBe("confirmed");
});

test("pays a deposit with the test-mode processor after the refund policy is shown", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request, { withDeposit: true });
  await page.goto(`/book/${seeded.slug}`);
  // Disclosed before the deposit service is chosen.
  await expect(page.getByText("Deposits are refunded in full when you cancel at least 24 hours ahead.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Colour consultation/ })).toContainText("Deposit of US$20.00 when you book");
  await checkpoint("services-with-deposit");

  await chooseService(page, "Colour consultation");
  await chooseFirstTime(page);
  await fillDetails(page, { name: "Cy Ng", email: uniqueEmail("pay") });
  await expect(page.getByText("Deposit of US$20.00 when you book")).toBeVisible();
  await checkpoint("details-with-deposit");
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page.getByRole("heading", { name: "Payment" })).toBeFocused();
  await expect(page.getByText("US$20.00 is due now")).toBeVisible();
  await checkpoint("payment");

  await page.getByRole("button", { name: "Simulate a declined card" }).click();
  await expect(page.getByText("Your payment didn't go through")).toBeVisible();
  await checkpoint("payment-declined");

  await page.getByRole("button", { name: "Pay US$20.00 (test card)" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
  await checkpoint("paid-and-confirmed");
  const [booking] = (await call(request, "GET", "/v1/bookings", seeded.sk)).data;
  expect(booking.status).toBe("confirmed");
});

test("a paid service the business cannot charge for yet is listed but cannot be chosen", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request, { withDeposit: true });
  await call(request, "PATCH", "/v1/workspace", seeded.sk, { stripe_account_id: null });
  await page.goto(`/book/${seeded.slug}`);
  const colour = page.getByRole("button", { name: /^Colour consultation/ });
  await expect(colour).toBeDisabled();
  await expect(colour).toContainText("Not available online. Please contact the business.");
  await expect(colour).not.toContainText("when you book");
  // Nothing on the page then takes a payment, so the refund notice is not shown.
  await expect(page.getByText("Deposits are refunded in full when you cancel at least 24 hours ahead.")).toBeHidden();
  await expect(page.getByRole("button", { name: /^Haircut/ })).toBeEnabled();
  await checkpoint("services-payment-not-connected");
});

test("offers a calendar choice only when the business allows it, and sends staff_id only then", async ({ page, request, checkpoint }) => {
  const choosing = await seedWorkspace(request, { secondCalendar: true });
  await page.goto(`/book/${choosing.slug}`);
  await chooseService(page, "Haircut");
  await page.getByRole("radio", { name: "Sam Chen" }).check();
  await checkpoint("calendar-choice");
  await chooseFirstTime(page);
  await fillDetails(page, { name: "Di Ruiz", email: uniqueEmail("staff") });
  let sent = page.waitForRequest((req) => req.url().endsWith("/v1/bookings") && req.method() === "POST");
  await page.getByRole("button", { name: "Book appointment" }).click();
  expect((await sent).postDataJSON().staff_id).toBe(choosing.staff[1]!.id);
  await expect(page.getByText("Sam Chen")).toBeVisible();

  const fixed = await seedWorkspace(request, { secondCalendar: true, allowStaffChoice: false });
  await page.goto(`/book/${fixed.slug}`);
  await chooseService(page, "Haircut");
  await expect(page.getByRole("radio")).toHaveCount(0);
  await chooseFirstTime(page);
  await fillDetails(page, { name: "Di Ruiz", email: uniqueEmail("nostaff") });
  sent = page.waitForRequest((req) => req.url().endsWith("/v1/bookings") && req.method() === "POST");
  await page.getByRole("button", { name: "Book appointment" }).click();
  expect("staff_id" in (await sent).postDataJSON()).toBe(false);
  await expect(page.getByRole("heading", { name: `You're booked with ${fixed.name}` })).toBeVisible();
});

test("an unknown booking page is a plain 404", async ({ page, checkpoint }) => {
  const response = await page.goto("/book/no-such-business-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This booking page doesn't exist" })).toBeVisible();
  await checkpoint("unknown-page");
});

test("at 1280 px the contact card sits right under the business header, however tall the booking column", async ({ page, request }) => {
  const seeded = await seedWorkspace(request);
  await call(request, "PATCH", "/v1/workspace", seeded.sk, {
    contact_phone: "+12125550147",
    contact_email: "hello@harbour-hair.example",
    address: "1 Harbour Row\nNew York, NY 10004",
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/book/${seeded.slug}`);
  const header = page.getByRole("heading", { level: 1, name: seeded.name }).locator("xpath=ancestor::header[1]");
  const contact = page.getByRole("complementary", { name: `How to reach ${seeded.name}` });
  // The services and the times step (the calendar makes the booking column far taller than the header).
  for (const step of ["services", "times"]) {
    if (step === "times") {
      await chooseService(page, "Haircut");
      await expect(page.getByRole("group", { name: /^Times on/ })).toBeVisible();
    }
    const headerBox = (await header.boundingBox())!;
    const contactBox = (await contact.boundingBox())!;
    const gap = contactBox.y - (headerBox.y + headerBox.height);
    expect(gap, `${step}: the contact card's gap under the header`).toBeGreaterThanOrEqual(0);
    expect(gap, `${step}: the contact card's gap under the header`).toBeLessThanOrEqual(48);
  }
  await page.screenshot({ path: "e2e/artifacts/screens/book-contact-1280.png", fullPage: true });
});
