import path from "node:path";
import { mkdirSync } from "node:fs";
import { DateTime } from "luxon";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, test } from "./support/fixtures";
import { daysWithTimes, moveBooking, openReschedule, shownTimes } from "./support/flow";
import { call, seedWorkspace, type Seeded } from "./support/seed";

/**
 * Issue 27, moving a booking from its manage page: times inside the booking's own notice
 * window are not offered (after such a move it could no longer be cancelled online, its
 * deposit's refund lost), nor the booking's own time; the calendar opens on the booking's month.
 */
const HOUR = 3_600_000;

async function firstOpenStart(request: APIRequestContext, seeded: Seeded, from: Date): Promise<string> {
  const to = new Date(from.getTime() + 24 * HOUR);
  const answer = (
    await call(
      request,
      "GET",
      `/v1/availability?service_id=${seeded.services.haircut}&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
      seeded.sk,
    )
  ).data as { staff_id: string; slots: { start: string }[] }[];
  return answer.flatMap((calendar) => calendar.slots.map((slot) => slot.start)).sort((a, b) => Date.parse(a) - Date.parse(b))[0]!;
}

async function bookAt(request: APIRequestContext, seeded: Seeded, from: Date): Promise<{ id: string; access_token: string; starts_at: string }> {
  return call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.haircut,
    starts_at: await firstOpenStart(request, seeded, from),
    customer: { name: "Mo Ved", email: "mo@customer.example" },
  });
}

/** The starts offered on the day shown, once it offers one. */
const offeredStarts = async (page: Page) => (await shownTimes(page)).evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-start") ?? ""));

async function shoot(page: Page, name: string) {
  const folder = path.join("e2e", "artifacts", "screens", "reschedule-window");
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`a move is never offered into the booking's own notice window (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const seeded = await seedWorkspace(request, { minCancelNoticeMinutes: 24 * 60, accountFile: E2E.rescheduleAccountFile });
    const booking = await bookAt(request, seeded, new Date(Date.now() + 72 * HOUR));
    await page.goto(`/manage/${booking.access_token}`);
    await openReschedule(page);
    const cutoff = Date.now() + 24 * HOUR;

    // Every day with times in the month shown: none starts inside the next 24 hours.
    const days = daysWithTimes(page);
    await expect(days.first()).toBeVisible();
    const today = DateTime.now().setZone(seeded.timezone).toISODate()!;
    await expect(page.locator(`button[data-date="${today}"][aria-label*='times available']`)).toHaveCount(0);
    await days.first().click();
    const earliest = (await offeredStarts(page)).map(Date.parse);
    expect(Math.min(...earliest)).toBeGreaterThanOrEqual(cutoff - 60_000);
    await shoot(page, "window");
  });

  test(`days whose times fall inside the notice window say why they are hidden (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const seeded = await seedWorkspace(request, { minCancelNoticeMinutes: 24 * 60, accountFile: E2E.rescheduleAccountFile });
    // Just past the window: the picker opens on a day whose earlier times the window hides.
    const booking = await bookAt(request, seeded, new Date(Date.now() + 25 * HOUR));
    await page.goto(`/manage/${booking.access_token}`);
    await openReschedule(page);
    await expect(daysWithTimes(page).first()).toBeVisible();
    const note = page.getByText(
      new RegExp(`^Times before .+ \\(New York time\\) can't be chosen: ${seeded.name} needs changes made online at least 1 day ahead\\.$`),
    );
    await expect(note).toBeVisible();
    await shoot(page, "window-note");
  });

  test(`the reschedule calendar opens on the booking's month and day, without its own time (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const seeded = await seedWorkspace(request, { accountFile: E2E.rescheduleAccountFile });
    // The second day of next month (in the business's zone): always a later month than today.
    const nextMonth = DateTime.now().setZone(seeded.timezone).startOf("month").plus({ months: 1, days: 1 });
    const booking = await bookAt(request, seeded, nextMonth.toJSDate());
    const bookedDay = DateTime.fromISO(booking.starts_at).setZone(seeded.timezone).toISODate()!;
    await page.goto(`/manage/${booking.access_token}`);
    await openReschedule(page);
    await expect(page.locator(`button[data-date="${bookedDay}"]`)).toHaveAttribute("aria-pressed", "true");
    const starts = (await offeredStarts(page)).map(Date.parse);
    expect(starts).not.toContain(Date.parse(booking.starts_at));
    // The booking does not block itself: a time overlapping it (45 minutes long) is offered.
    expect(starts).toContain(Date.parse(booking.starts_at) + 30 * 60_000);
    await shoot(page, "own-month");

    // Moved: said in the card, where it covers nothing (a floating toast hid the refund box on phones).
    const { notice } = await moveBooking(page, (await shownTimes(page)).nth(1));
    const box = (await notice.boundingBox())!;
    const covering = await page.evaluate(
      ({ x, y }) => document.elementsFromPoint(x, y).filter((element) => getComputedStyle(element).position === "fixed").length,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(covering).toBe(0);
    await shoot(page, "moved");
  });
}

test("the manage-link API refuses a move into the booking's notice window (422 too_late_to_reschedule); a secret key may", async ({ request }) => {
  const seeded = await seedWorkspace(request, { minCancelNoticeMinutes: 24 * 60, accountFile: E2E.rescheduleAccountFile });
  const booking = await bookAt(request, seeded, new Date(Date.now() + 72 * HOUR));
  // An open slot two hours from now (the seed is open around the clock): inside the 24-hour window.
  const inside = await firstOpenStart(request, seeded, new Date(Date.now() + 2 * HOUR));
  const refused = await request.post(`/v1/public/bookings/${booking.access_token}/reschedule`, { data: { starts_at: inside } });
  expect(refused.status()).toBe(422);
  const body = await refused.json();
  expect(body).toEqual({
    error: { type: "too_late_to_reschedule", param: "starts_at", message: expect.stringMatching(/notice window .*could no longer be cancelled/) },
  });
  const unchanged = await call(request, "GET", `/v1/public/bookings/${booking.access_token}`, undefined);
  expect(Date.parse(unchanged.booking.starts_at)).toBe(Date.parse(booking.starts_at));
  expect(unchanged.booking.can_cancel).toBe(true);

  // Outside the window the same route moves it.
  const outside = await firstOpenStart(request, seeded, new Date(Date.now() + 30 * HOUR));
  const moved = await call(request, "POST", `/v1/public/bookings/${booking.access_token}/reschedule`, undefined, { starts_at: outside });
  expect(Date.parse(moved.booking.starts_at)).toBe(Date.parse(outside));

  // The business (secret key) is not bound by the customer's window.
  const byBusiness = await call(request, "POST", `/v1/bookings/${booking.id}/reschedule`, seeded.sk, { starts_at: inside });
  expect(Date.parse(byBusiness.starts_at)).toBe(Date.parse(inside));
});
