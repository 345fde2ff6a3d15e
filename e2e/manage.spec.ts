import { call, firstSlot, seedWorkspace, startClocksAt, type Seeded } from "./support/seed";
import { expect, test } from "./support/fixtures";
import { daysWithTimes, MID_MONTH, moveBooking, openReschedule, shownTimes } from "./support/flow";
import type { APIRequestContext } from "@playwright/test";

/** A confirmed booking made by the business's server; the customer holds its manage token. */
test.afterEach(async ({ request }) => {
  await request.delete("/dev/clock");
});

async function bookByApi(request: APIRequestContext, seeded: Seeded) {
  const slot = await firstSlot(request, seeded, seeded.services.haircut);
  const booking = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.haircut,
    starts_at: slot.start,
    customer: { name: "Ivy Lund", email: "ivy@customer.example" },
  });
  return booking as { id: string; access_token: string; starts_at: string };
}

test("cancels from the manage page after a confirmation; the link then says so and leads back to the booking page", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request);
  const booking = await bookByApi(request, seeded);
  await page.goto(`/manage/${booking.access_token}`);
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^Haircut, / })).toBeVisible();
  await expect(page.getByText("Ivy Lund (ivy@customer.example)")).toBeVisible();
  await checkpoint("manage");

  const cancelButton = page.getByRole("button", { name: "Cancel booking" });
  await cancelButton.click();
  const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep my booking" })).toBeFocused();
  await checkpoint("cancel-dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cancelButton).toBeFocused();

  await cancelButton.click();
  await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("heading", { name: "Your booking is cancelled" })).toBeFocused();
  await checkpoint("cancelled");
  const [row] = (await call(request, "GET", "/v1/bookings", seeded.sk)).data;
  expect(row.status).toBe("cancelled");

  // Issue 15: the cancelled link no longer works, yet names the business and leads back to it;
  // only a token never issued gets the "not found" page. Issue 27: it answers 404 as the API
  // does for the token, and shows nothing of the booking (its service, its time) or customer.
  const again = await page.goto(`/manage/${booking.access_token}`);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This booking was cancelled" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
  const deadLink = await page.locator("main").innerText();
  expect(deadLink).not.toContain("Haircut");
  expect(deadLink).not.toMatch(/\d{1,2}:\d{2}/);
  expect(deadLink).not.toContain("Ivy");
  await expect(page.getByRole("link", { name: `Book again with ${seeded.name}` })).toHaveAttribute("href", `/book/${seeded.slug}`);
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  const cancelledText = await page.locator("main").innerText();
  await checkpoint("cancelled-link");
  const unknown = await page.goto("/manage/not-a-real-token-at-all");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This booking link isn't active" })).toBeVisible();
  expect(await page.locator("main").innerText()).not.toBe(cancelledText);
});

test("reschedules through the same slot picker, excluding the booking itself", async ({ page, request, checkpoint }) => {
  // The move goes to the second day with times of the booking's month: both clocks start mid-month.
  await startClocksAt(page, request, MID_MONTH);
  const seeded = await seedWorkspace(request);
  const booking = await bookByApi(request, seeded);
  await page.goto(`/manage/${booking.access_token}`);
  const availability = page.waitForRequest((req) => req.url().includes("/v1/availability"));
  await openReschedule(page);
  expect(new URL((await availability).url()).searchParams.get("exclude_booking_id")).toBe(booking.id);
  // The booking does not block itself (a time overlapping it is offered when that day has
  // one: e2e/reschedule-window.spec.ts), and its own time is not offered (issue 27).
  await shownTimes(page);
  await expect(page.locator(`button[data-start="${booking.starts_at}"]`)).toHaveCount(0);
  await checkpoint("reschedule-times");

  // A time on a later day: the booking's own day may be this evening, with a time or two left.
  await daysWithTimes(page).nth(1).click();
  const { start: newStart } = await moveBooking(page, (await shownTimes(page)).nth(2), () => checkpoint("reschedule-confirm"));

  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await checkpoint("rescheduled");
  const [row] = (await call(request, "GET", "/v1/bookings", seeded.sk)).data;
  expect(row.id).toBe(booking.id);
  expect(row.starts_at).toBe(newStart);
});

test("inside the notice window: a clear message and no cancel or move buttons", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request, { minCancelNoticeMinutes: 7 * 24 * 60 });
  const booking = await bookByApi(request, seeded);
  await page.goto(`/manage/${booking.access_token}`);
  await expect(page.getByText("It's too late to change this booking online")).toBeVisible();
  await expect(page.getByText("Online changes close 7 days before the start.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change time" })).toHaveCount(0);
  await checkpoint("too-late");
});
