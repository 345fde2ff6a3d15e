import type { APIRequestContext, Page } from "@playwright/test";
import { E2E } from "./support/env";
import { openReschedule } from "./support/flow";
import { expect, test } from "./support/journey";
import { call, firstSlot, seedWorkspace, type SeedOptions, type Seeded } from "./support/seed";

/**
 * Issue 15, the manage page (items 4, 7, 8 and 9): a customer in London with a New York
 * business reads every time with its zone, sees what was paid and what is due, is told the
 * refund before and after cancelling, meets "Staff member" (never "Calendar"), gets the
 * business's phone and email inside the notice window, and finds a way back to the booking
 * page from a past, missed, cancelled or lapsed booking.
 */
const CONTACT = {
  contact_phone: "+12125550147",
  contact_email: "desk@harbour-hair.example",
  address: "12 Harbour Road, Portland, ME 04101",
  booking_policy: "Please give us 24 hours' notice if you can't make it.",
};

async function seedBusiness(request: APIRequestContext, options: SeedOptions = {}): Promise<Seeded> {
  // "general": the default wording, where the old pages said "Calendar".
  const seeded = await seedWorkspace(request, { vertical: "general", accountFile: E2E.journeyManageAccountFile, ...options });
  await call(request, "PATCH", "/v1/workspace", seeded.sk, CONTACT);
  return seeded;
}

type Created = { id: string; access_token: string; starts_at: string; ends_at: string; status: string };

async function bookByApi(request: APIRequestContext, seeded: Seeded, serviceId: string, customer: Record<string, string> = {}): Promise<Created> {
  const slot = await firstSlot(request, seeded, serviceId);
  return (await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: serviceId,
    starts_at: slot.start,
    customer: { name: "Lou Marsh", email: `lou.${Date.now().toString(36)}@customer.example`, ...customer },
  })) as Created;
}

/** The value of a row of the booking summary, by its label. */
const row = (page: Page, label: string) => page.locator(`dl > div:has(> dt:text-is("${label}")) > dd`);

test.afterEach(async ({ request }) => {
  await call(request, "DELETE", "/dev/clock", undefined);
});

test("a paid booking: both zones labelled, price, paid and due, Staff member; the refund named before and after cancelling; the dead link leads back", async ({
  page,
  request,
  look,
}) => {
  const seeded = await seedBusiness(request, { withDeposit: true });
  const created = await bookByApi(request, seeded, seeded.services.colour!, { timezone: "Europe/London" });
  expect(created.status).toBe("awaiting_payment");
  await call(request, "POST", `/dev/payments/${created.id}/succeed`, undefined);

  await page.goto(`/manage/${created.access_token}`);
  await expect(page.getByRole("heading", { level: 2, name: /^Colour consultation, .+ \(New York time\)$/ })).toBeVisible();
  await expect(row(page, "When")).toContainText("(New York time)");
  await expect(row(page, "Your time")).toContainText("(London time)");
  await expect(row(page, "Staff member")).toHaveText("Alex Rivera");
  await expect(page.getByText("Calendar", { exact: false })).toHaveCount(0);
  await expect(row(page, "Price")).toHaveText("US$80.00");
  // Issue 27: the amount alone, not "US$20.00 · Paid" beside the label "Paid".
  await expect(row(page, "Paid")).toHaveText("US$20.00");
  await expect(row(page, "Due at the appointment")).toHaveText("US$60.00");
  await look("paid-upcoming");

  // Moving it: the current time is labelled in both zones too.
  await openReschedule(page);
  await expect(page.getByText(/Now: .+ \(New York time\), .+ your time \(London\)\./)).toBeVisible();
  await page.getByRole("button", { name: "Keep the current time" }).click();

  // Cancelling, by keyboard: the refund is named before the customer commits.
  const cancelButton = page.getByRole("button", { name: "Cancel booking" });
  await cancelButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You'll get US$20.00 back to the card you paid with.");
  await expect(dialog).toContainText("(New York time)");
  await expect(dialog.getByRole("button", { name: "Keep my booking" })).toBeFocused();
  await look("cancel-dialog-names-refund");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Yes, cancel and refund US$20.00" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Your booking is cancelled" })).toBeFocused();
  await expect(page.getByText("US$20.00 is being refunded", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book again" })).toHaveAttribute("href", `/book/${seeded.slug}`);
  await look("cancelled-with-refund");
  const [booking] = (await call(request, "GET", "/v1/bookings", seeded.sk)).data;
  expect(booking.status).toBe("cancelled");

  // The link is dead for the API, yet the page still names the business and leads back to it.
  const api = await request.get(`/v1/public/bookings/${created.access_token}`);
  expect(api.status()).toBe(404);
  const again = await page.goto(`/manage/${created.access_token}`);
  // Issue 27: 404 as the API answers for the token, and nothing of the booking on the page.
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "This booking was cancelled" })).toBeVisible();
  await expect(page.getByText("The booking this link was for was cancelled, so the link no longer changes anything.")).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Colour consultation");
  await expect(page.locator(`a[href="tel:${CONTACT.contact_phone}"]`)).toBeVisible();
  await look("cancelled-link");
  await page.getByRole("link", { name: `Book again with ${seeded.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/book/${seeded.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();

  // A token never issued knows no business: the one "not found" page.
  const unknown = await page.goto("/manage/never-issued-token-0000");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This booking link isn't active" })).toBeVisible();
});

test("inside the notice window, on a phone: the business's phone and email, never just 'their website'", async ({ page, request, look }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const seeded = await seedBusiness(request, { minCancelNoticeMinutes: 7 * 24 * 60 });
  const created = await bookByApi(request, seeded, seeded.services.haircut);
  await page.goto(`/manage/${created.access_token}`);

  const notice = page.getByText("It's too late to change this booking online").locator("..");
  await expect(notice).toContainText("Online changes close 7 days before the start.");
  await expect(notice).toContainText(`To change or cancel it, please call or email ${seeded.name}`);
  await expect(page.getByText("through their website")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  const contact = page.getByRole("region", { name: `Contact ${seeded.name}` });
  const phone = contact.locator(`a[href="tel:${CONTACT.contact_phone}"]`);
  const email = contact.locator(`a[href="mailto:${CONTACT.contact_email}"]`);
  await expect(phone).toBeVisible();
  await expect(email).toHaveText(CONTACT.contact_email);
  await expect(contact).toContainText(CONTACT.address);
  await expect(contact).toContainText(CONTACT.booking_policy);
  // Reachable by keyboard, in reading order: the phone link, then the email link.
  await phone.focus();
  await page.keyboard.press("Tab");
  await expect(email).toBeFocused();
  await look("too-late-contact");
});

test("a past appointment, then a missed one, then a lapsed link: no arrive-early note, and Book again each time", async ({ page, request, look }) => {
  const seeded = await seedBusiness(request);
  const created = await bookByApi(request, seeded, seeded.services.haircut, { timezone: "Europe/London" });
  await page.goto(`/manage/${created.access_token}`);
  // Upcoming, the business's note is shown...
  await expect(page.getByText("Please arrive five minutes early.", { exact: false })).toBeVisible();

  // ...once the appointment is over it is not.
  const afterEnd = Math.ceil((Date.parse(created.ends_at) - Date.now()) / 1000) + 3600;
  await call(request, "POST", "/dev/clock", undefined, { advance_seconds: afterEnd });
  await page.reload();
  await expect(page.getByText("Past appointment", { exact: true })).toBeVisible();
  await expect(page.getByText("This appointment has passed.")).toBeVisible();
  await expect(page.getByText("arrive five minutes early", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change time" })).toHaveCount(0);
  await expect(row(page, "When")).toContainText("(New York time)");
  await expect(row(page, "Your time")).toContainText("(London time)");
  await expect(page.getByRole("link", { name: "Book again" })).toHaveAttribute("href", `/book/${seeded.slug}`);
  await look("past");

  await call(request, "POST", `/v1/bookings/${created.id}/no-show`, seeded.sk);
  await page.reload();
  await expect(page.getByText("Missed", { exact: true })).toBeVisible();
  await expect(page.getByText(`${seeded.name} marked this appointment as missed.`, { exact: false })).toBeVisible();
  await expect(page.getByText("arrive five minutes early", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Book again" })).toHaveAttribute("href", `/book/${seeded.slug}`);
  await look("missed");

  // 30 days after the appointment the link lapses: a 404, yet still not a bare "not found" page.
  await call(request, "POST", "/dev/clock", undefined, { advance_seconds: 31 * 86_400 });
  expect((await request.get(`/v1/public/bookings/${created.access_token}`)).status()).toBe(404);
  const lapsed = await page.goto(`/manage/${created.access_token}`);
  expect(lapsed?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 2, name: "This booking link has expired" })).toBeVisible();
  await expect(page.getByText("Links to manage a booking stop working 30 days after the appointment.", { exact: false })).toBeVisible();
  await look("lapsed-link");
  // Keyboard: the way back is a real link.
  await page.getByRole("link", { name: `Book again with ${seeded.name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
});

test("a hold that lapsed before it was completed says nothing was booked and offers Book again", async ({ page, request, look }) => {
  const seeded = await seedBusiness(request, { requireVerification: true });
  const created = await bookByApi(request, seeded, seeded.services.haircut);
  expect(created.status).toBe("pending");
  await call(request, "POST", "/dev/clock", undefined, { advance_seconds: 11 * 60 });
  await page.goto(`/manage/${created.access_token}`);
  await expect(page.getByText("Expired", { exact: true })).toBeVisible();
  await expect(page.getByText("This booking wasn't completed in time, so the time was released and nothing was booked.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Book again" })).toHaveAttribute("href", `/book/${seeded.slug}`);
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await look("lapsed-hold");
});
