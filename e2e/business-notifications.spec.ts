import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { E2E } from "./support/env";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, saveScreenshot, test, WCAG_22_AA_TAGS } from "./support/fixtures";
import { chooseFirstTime, chooseService, fillDetails, uniqueEmail } from "./support/flow";
import { call, firstSlot, seedWorkspace } from "./support/seed";

/**
 * The business's side of a booking (docs/business-notifications.md): a customer books with
 * answers on the hosted page; the business's email arrives at its notification address with
 * them, and the booking's API read carries them. With notification_email null nothing goes to
 * the business and the customer is not told it was informed. The e2e server has no SMTP_URL,
 * so the dev outbox (/dev/outbox) is the mailbox.
 */
const ALLERGY = "Severe latex allergy — please use nitrile gloves. Wheelchair user.";

async function runJobs(request: APIRequestContext) {
  await call(request, "POST", "/dev/jobs/run", undefined);
}

async function openMailbox(page: Page, address: string) {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(address)}`);
}

test("a booking with answers made on the hosted page reaches the business's inbox with them; the manage page says the business was told", async ({
  page,
  request,
  checkpoint,
}) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.businessNotificationsAccountFile, withQuestions: true });
  const desk = uniqueEmail("frontdesk").replace("@customer.example", "@harbour-hair.example");
  const settings = await call(request, "PATCH", "/v1/workspace", seeded.sk, { notification_email: desk });
  expect(settings.notification_email).toBe(desk);

  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  await chooseFirstTime(page);
  await fillDetails(page, { name: "Bo Park", email: uniqueEmail("answers"), phone: "+12125550199" });
  await page.getByLabel("How did you hear about us?").selectOption("Instagram");
  await page.getByLabel(/Anything we should know/).fill(ALLERGY);
  await page.getByLabel("I agree to the salon's patch-test policy").check();
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeFocused();
  const manageHref = (await page.getByRole("link", { name: "Change or cancel this booking" }).getAttribute("href"))!;

  const [listed] = (await call(request, "GET", "/v1/bookings", seeded.sk)).data;
  const booking = await call(request, "GET", `/v1/bookings/${listed.id}`, seeded.sk);
  expect(booking.answers.map((answer: { label: string; value: string }) => [answer.label, answer.value])).toEqual([
    ["How did you hear about us?", "Instagram"],
    ["Anything we should know?", ALLERGY],
    ["I agree to the salon's patch-test policy", "true"],
  ]);

  await runJobs(request);
  await openMailbox(page, desk);
  const mail = page.getByRole("listitem").filter({ hasText: "New booking: Bo Park, Haircut" });
  await expect(mail.getByRole("heading", { name: "New booking: Bo Park, Haircut" })).toBeVisible();
  await expect(mail).toContainText(`Anything we should know?: ${ALLERGY}`);
  await expect(mail).toContainText("How did you hear about us?: Instagram");
  await expect(mail).toContainText("Calendar: Alex Rivera");
  await expect(mail).toContainText("Phone: (212) 555-0199");
  await expect(mail).toContainText("Attachments: booking.ics");

  // The customer cancels from the link in their confirmation: the page says the business knows, and it does.
  await page.goto(manageHref);
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await page.getByRole("dialog", { name: "Cancel this booking?" }).getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("heading", { name: "Your booking is cancelled" })).toBeFocused();
  await expect(page.getByText(`we've let ${seeded.name} know`, { exact: false })).toBeVisible();
  await checkpoint("cancelled-business-told");
  await runJobs(request);
  await openMailbox(page, desk);
  await expect(page.getByRole("heading", { name: "Booking cancelled: Bo Park, Haircut" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Booking cancelled: Bo Park, Haircut" })).toContainText("Bo Park cancelled their booking");
});

test("with notification_email null the business gets no email and the customer is not told it was informed", async ({ page, request }) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.businessNotificationsAccountFile });
  const contact = uniqueEmail("contact").replace("@customer.example", "@harbour-hair.example");
  const settings = await call(request, "PATCH", "/v1/workspace", seeded.sk, { contact_email: contact, notification_email: null });
  expect(settings).toMatchObject({ contact_email: contact, notification_email: null });
  const slot = await firstSlot(request, seeded, seeded.services.haircut);
  const booking = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.haircut,
    starts_at: slot.start,
    customer: { name: "Ivy Lund", email: uniqueEmail("quiet") },
  });

  await page.goto(`/manage/${booking.access_token}`);
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await page.getByRole("dialog", { name: "Cancel this booking?" }).getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("heading", { name: "Your booking is cancelled" })).toBeFocused();
  await expect(page.getByText(/^Haircut with Alex Rivera, .*, is cancelled\.$/)).toBeVisible();
  await expect(page.getByText("we've let", { exact: false })).toHaveCount(0);

  await runJobs(request);
  await openMailbox(page, contact);
  await expect(page.getByText(`No messages to ${contact} yet.`)).toBeVisible();
});

test("the dev outbox shows each email's HTML part and its .ics, and wraps long lines on a phone", async ({ page, request }) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.businessNotificationsAccountFile });
  const slot = await firstSlot(request, seeded, seeded.services.haircut);
  const email = uniqueEmail("outbox-html");
  // One unbroken 120-character word in the name: the text part must wrap it, not widen the page.
  const name = `Ada ${"Wolfeschlegelsteinhausen".repeat(5)}`;
  await call(request, "POST", "/v1/bookings", seeded.sk, { service_id: seeded.services.haircut, starts_at: slot.start, customer: { name, email } });
  await runJobs(request);

  await page.setViewportSize({ width: 390, height: 844 });
  await openMailbox(page, email);
  const mail = page.getByRole("listitem").filter({ hasText: `Booking confirmed with ${seeded.name}` });
  await expect(mail.getByRole("heading", { name: `Booking confirmed with ${seeded.name}` })).toBeVisible();

  // The HTML part, framed sandboxed from its own route under a strict policy.
  const frame = mail.locator("iframe[title^='HTML part']");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(mail.frameLocator("iframe[title^='HTML part']").locator("body")).toContainText("Haircut");
  const htmlHref = (await mail.getByRole("link", { name: "open on its own" }).getAttribute("href"))!;
  const html = await request.get(htmlHref);
  expect(html.headers()["content-type"]).toMatch(/^text\/html/);
  expect(html.headers()["content-security-policy"]).toMatch(/default-src 'none'.*sandbox/);
  expect(await html.text()).toContain("Haircut");

  // The calendar file, as a download.
  const ics = mail.getByRole("link", { name: "invite.ics" });
  const downloaded = page.waitForEvent("download");
  await ics.click();
  expect((await downloaded).suggestedFilename()).toBe("invite.ics");
  const file = await request.get((await ics.getAttribute("href"))!);
  expect(file.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(await file.text()).toContain("BEGIN:VCALENDAR");

  // Nothing scrolls the page sideways on a phone, and axe finds nothing on the page. The frames are
  // the emails themselves (their own specs look at them): no script, axe's included, runs in a sandbox.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  for (const viewport of [
    { label: "390", width: 390, height: 844 },
    { label: "1280", width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_22_AA_TAGS).exclude("iframe").analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    await saveScreenshot(page, path.join("e2e", "artifacts", "screens", "dev-outbox"), `outbox-${viewport.label}`);
  }
});
