import { E2E } from "./support/env";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
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
