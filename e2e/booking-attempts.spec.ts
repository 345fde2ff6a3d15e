import type { APIRequestContext, Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, test } from "./support/fixtures";
import { chooseFirstTime, chooseLaterDay, chooseService, fillDetails, firstTime, MID_MONTH, uniqueEmail } from "./support/flow";
import { call, seedWorkspace, startClocksAt, type Seeded } from "./support/seed";

/**
 * Issue 40: each booking attempt has an identity (docs/booking-flow.md#attempts). Other details
 * for the same service and start are another booking (a party of three books three seats from
 * one tab); the same attempt again (a reload, a hurried click, Back then the same details)
 * replays its booking and never meets its own hold as a 409 nor gives it away.
 */
test.afterEach(async ({ request }) => {
  // A test that starts the clocks mid-month (startClocksAt) leaves the app's where it found it.
  await request.delete("/dev/clock");
});

const bookings = async (request: APIRequestContext, seeded: Seeded) =>
  (await call(request, "GET", "/v1/bookings", seeded.sk)).data as { id: string; status: string; starts_at: string }[];

async function addService(request: APIRequestContext, seeded: Seeded, body: Record<string, unknown>): Promise<string> {
  const made = await call(request, "POST", "/v1/services", seeded.sk, { min_cancel_notice_minutes: 0, ...body });
  await call(request, "PUT", `/v1/services/${made.id}/staff`, seeded.sk, { staff_ids: seeded.staff.map((calendar) => calendar.id) });
  return made.id as string;
}

/** Every create and give-back the page sends, with the answer's status. */
function watchBookingCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("response", (response) => {
    const sent = response.request();
    const path = new URL(sent.url()).pathname;
    if (sent.method() === "POST" && (path === "/v1/bookings" || path.endsWith("/cancel")))
      calls.push(`${path.endsWith("/cancel") ? "cancel" : "create"} ${response.status()}`);
  });
  return calls;
}

test("a party of three books three seats of one class from one tab; the same details again show their booking, never a second", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const seeded = await seedWorkspace(request, { accountFile: E2E.flowHoldsAccountFile });
  await addService(request, seeded, { name: "Swim class", duration_minutes: 45, price_cents: null, payment_mode: "none", capacity: 8 });
  const calls = watchBookingCalls(page);
  const email = uniqueEmail("party");
  const booked = page.getByRole("heading", { name: `You're booked with ${seeded.name}` });

  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Swim class");
  // The same start every time (a time's name carries its spots left, which change).
  const slot = await firstTime(page);
  const start = await slot.getAttribute("data-start");
  await slot.click();
  const sameTime = page.locator(`#booking button[data-start="${start}"]`);
  for (const child of ["Ana Party", "Ben Party", "Cat Party"]) {
    if (child !== "Ana Party") {
      // Back to the times (or the details) of the same tab, and the same class again.
      await page.goBack();
      const details = page.getByRole("heading", { name: "Your details" });
      await expect(details.or(page.getByRole("heading", { name: "Choose a time" }))).toBeVisible();
      if (!(await details.isVisible())) {
        await sameTime.click();
        await expect(details).toBeFocused();
      }
    }
    // A number typed as people in Britain dial it, the picker left at the GB it shows (en-GB browser).
    await fillDetails(page, { name: child, email, phone: "020 7946 0958" });
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(booked).toBeVisible();
    await expect.poll(async () => (await bookings(request, seeded)).length).toBe(["Ana Party", "Ben Party", "Cat Party"].indexOf(child) + 1);
  }
  const made = await bookings(request, seeded);
  expect(made.map((booking) => booking.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
  expect(new Set(made.map((booking) => Date.parse(booking.starts_at))).size).toBe(1);

  // The last child's details again: the same attempt, so its booking is shown, not made twice.
  await page.goBack();
  const details = page.getByRole("heading", { name: "Your details" });
  await expect(details.or(page.getByRole("heading", { name: "Choose a time" }))).toBeVisible();
  if (!(await details.isVisible())) await sameTime.click();
  await expect(page.getByLabel("Full name")).toHaveValue("Cat Party");
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(booked).toBeVisible();
  expect(await bookings(request, seeded)).toHaveLength(3);
  expect(calls.filter((line) => line !== "create 201")).toEqual([]);
});

test.describe("a Berlin business, a customer in London with an en-US browser", () => {
  test.use({ locale: "en-US", timezoneId: "Europe/London" });

  test("a reload on the pay step of a fully paid service, then the first pay or continue button at once, pays for the same hold (390 px)", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const seeded = await seedWorkspace(request, { withDeposit: true, accountFile: E2E.flowHoldsAccountFile });
    await call(request, "PATCH", "/v1/workspace", seeded.sk, { timezone: "Europe/Berlin" });
    await addService(request, seeded, { name: "Full colour", duration_minutes: 60, price_cents: 9000, payment_mode: "full" });
    await page.goto(`/book/${seeded.slug}`);
    await chooseService(page, "Full colour");
    await chooseFirstTime(page);
    // A number typed as people in the US dial it, the picker left at the US it shows (en-US browser).
    await fillDetails(page, { name: "Hal Hurry", email: uniqueEmail("hurry"), phone: "(212) 555-0147" });
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
    const calls = watchBookingCalls(page);

    await page.reload({ waitUntil: "commit" });
    // The first button named like pay or continue, pressed the moment it shows; then Pay, if that was not it.
    const first = page.getByRole("button", { name: /pay|continue/i }).first();
    await first.waitFor();
    const pressed = (await first.innerText()).trim();
    await first.click();
    if (!/^Pay/.test(pressed)) await page.getByRole("button", { name: /^Pay/ }).first().click();
    await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
    await expect(page.getByText(/just taken|Someone else/)).toHaveCount(0);
    expect(calls.filter((line) => line !== "create 201")).toEqual([]);
    expect((await bookings(request, seeded)).map((booking) => booking.status)).toEqual(["confirmed"]);
  });
});

test("a time inside the notice window is called out before paying; a later one's manage page says until when it can be cancelled for free", async ({
  page,
  request,
}) => {
  // The later day is picked in the month shown first (chooseLaterDay): both clocks start mid-month.
  await startClocksAt(page, request, MID_MONTH);
  // Thirty days' notice: every time offered is already inside it.
  const late = await seedWorkspace(request, { withDeposit: true, minCancelNoticeMinutes: 30 * 24 * 60, accountFile: E2E.flowHoldsAccountFile });
  await page.goto(`/book/${late.slug}`);
  await chooseService(page, "Colour consultation");
  await chooseFirstTime(page);
  const warning = page.getByText("This time can't be cancelled or moved online");
  await expect(warning).toBeVisible();
  await expect(page.getByText(/less than 30 days.*What you pay now is not refunded online\./)).toBeVisible();
  await fillDetails(page, { name: "Nia Notice", email: uniqueEmail("inside-notice") });
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay US$20.00 (test card)" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${late.name}` })).toBeVisible();
  await page.getByRole("link", { name: "Change or cancel this booking" }).click();
  await expect(page.getByText("It's too late to change this booking online")).toBeVisible();
  await expect(page.getByText(/Free cancellation until/)).toHaveCount(0);

  // One hour's notice, a time on a later day: the deadline is named, an hour before the start.
  const open = await seedWorkspace(request, { minCancelNoticeMinutes: 60, accountFile: E2E.flowHoldsAccountFile });
  await page.goto(`/book/${open.slug}`);
  await chooseService(page, "Haircut");
  await chooseLaterDay(page);
  await chooseFirstTime(page);
  await expect(page.getByText("This time can't be cancelled or moved online")).toHaveCount(0);
  await fillDetails(page, { name: "Ola Open", email: uniqueEmail("open-notice") });
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${open.name}` })).toBeVisible();
  const [made] = await bookings(request, open);
  const deadline = new Date(Date.parse(made!.starts_at) - 60 * 60_000);
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: open.timezone }).format(deadline);
  await page.getByRole("link", { name: "Change or cancel this booking" }).click();
  await expect(page.getByText(new RegExp(`Free cancellation until .*${time}`))).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toBeVisible();
});
