import { DateTime } from "luxon";
import { E2E } from "./support/env";
import { chooseService, fillDetails, firstTime, uniqueEmail } from "./support/flow";
import { expect, test } from "./support/journey";
import { tabTo } from "./support/keyboard";
import { call, seedWorkspace } from "./support/seed";

/**
 * A series from the booking page (docs/series-and-waitlists.md): "Repeat every …" on a service
 * that allows it, only the times where every date is free, the dates listed before booking, one
 * booking per date at the same local time across the start of daylight saving time in New York
 * (14 March 2027), and a calendar file with one event per date.
 */
const ZONE = "America/New_York";
/** A Monday, three weeks before New York's clocks go forward (Sunday 14 March 2027). */
const PINNED = DateTime.fromISO("2027-02-22T08:00", { zone: ZONE });

test.beforeEach(async ({ request }) => {
  await call(request, "POST", "/dev/clock", undefined, { now: PINNED.toUTC().toISO() });
});
test.afterEach(async ({ request }) => {
  await request.delete("/dev/clock");
});

test("a weekly series across the change to summer time: only whole series offered, dates listed, six bookings at the same New York time", async ({
  page,
  request,
  look,
}) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.seriesAccountFile });
  const physio = await call(request, "POST", "/v1/services", seeded.sk, {
    name: "Physiotherapy",
    duration_minutes: 45,
    price_cents: 6000,
    payment_mode: "none",
    repeat_max: 8,
    min_cancel_notice_minutes: 24 * 60,
  });
  await call(request, "PUT", `/v1/services/${physio.id}/staff`, seeded.sk, { staff_ids: [seeded.staff[0]!.id] });

  // Someone already has the third Monday at 10:00: a six-week series from the first Monday at 10:00 cannot be booked.
  const firstMonday = PINNED.set({ hour: 10, minute: 0 });
  await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: physio.id,
    starts_at: firstMonday.plus({ weeks: 2 }).toISO(),
    customer: { name: "Already Booked", email: uniqueEmail("taken") },
  });

  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Physiotherapy");
  const tenOClock = page.getByRole("button", { name: "Monday, 22 February 2027, 10:00 New York time", exact: true });
  await expect(page.getByRole("group", { name: "Repeat" })).toBeVisible();
  await expect(tenOClock).toBeVisible();
  await page.getByLabel("How often").selectOption({ label: "Every week" });
  await page.getByLabel("How many times").selectOption({ label: "6 times" });
  await expect(page).toHaveURL(/repeat=week&count=6/);
  await expect(page.getByText("Only times when every date is free are shown")).toBeVisible();
  // The series' times only: 10:00 is gone (its third date is taken; 09:30 and 10:30 would overlap it too), 11:00 stays.
  await firstTime(page);
  await expect(tenOClock).toHaveCount(0);
  await look("series-times");

  await page.getByRole("button", { name: "Monday, 22 February 2027, 11:00 New York time", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
  const summary = page.getByRole("region", { name: "Your booking" });
  await expect(summary).toContainText("Every week, 6 times");
  await expect(summary).toContainText("Mon 22 Feb");
  await expect(summary).toContainText("Mon 29 Mar");
  await expect(summary).toContainText("60.00 per session");
  await look("series-details");

  const email = uniqueEmail("series");
  await fillDetails(page, { name: "Rowan Repeat", email });
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeFocused();
  await expect(page.getByText("6 bookings made, one for each date.")).toBeVisible();
  await look("series-booked");

  // Six bookings of one series, each at 11:00 New York time, the UTC offset changing on 14 March.
  const listed = await call(request, "GET", `/v1/bookings?limit=100`, seeded.sk);
  const mine = (listed.data as { status: string; starts_at: string; series_id?: string; customer: { email: string } }[])
    .filter((booking) => booking.customer.email === email)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  expect(mine.map((booking) => booking.status)).toEqual(Array(6).fill("confirmed"));
  expect(new Set(mine.map((booking) => booking.series_id)).size).toBe(1);
  expect(mine.map((booking) => DateTime.fromISO(booking.starts_at, { zone: ZONE }).toFormat("ccc d LLL HH:mm ZZ"))).toEqual([
    "Mon 22 Feb 11:00 -05:00",
    "Mon 1 Mar 11:00 -05:00",
    "Mon 8 Mar 11:00 -05:00",
    "Mon 15 Mar 11:00 -04:00",
    "Mon 22 Mar 11:00 -04:00",
    "Mon 29 Mar 11:00 -04:00",
  ]);

  // The calendar file: one event per date, each under its booking's id.
  const href = await page.getByRole("link", { name: "Add to calendar (.ics)" }).getAttribute("href");
  const ics = decodeURIComponent(href!.replace(/^data:text\/calendar;charset=utf-8,/, ""));
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(6);

  // The manage page lists every date; "Cancel all remaining dates" keeps today's (inside its 24-hour notice).
  await page.getByRole("link", { name: "Change or cancel this booking" }).click();
  const dates = page.getByRole("region", { name: "All dates in this series" });
  await expect(dates.getByRole("listitem")).toHaveCount(6);
  await expect(dates.getByRole("listitem").first()).toContainText("This booking");
  await look("series-manage");
  await dates.getByRole("button", { name: "Cancel all remaining dates" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel all remaining dates?" });
  await expect(dialog).toContainText("A date inside its 1 day notice window stays booked");
  await dialog.getByRole("button", { name: "Yes, cancel them" }).click();
  await expect(dialog).toBeHidden();
  await expect(dates.getByRole("listitem").filter({ hasText: "Cancelled" })).toHaveCount(5);
  await expect(dates.getByRole("listitem").first()).toContainText("Confirmed");
  await expect(dates.getByRole("button", { name: "Cancel all remaining dates" })).toHaveCount(0);
  await look("series-rest-cancelled");
  const after = await call(request, "GET", `/v1/bookings?limit=100`, seeded.sk);
  const statuses = (after.data as { status: string; starts_at: string; customer: { email: string } }[])
    .filter((booking) => booking.customer.email === email)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))
    .map((booking) => booking.status);
  expect(statuses).toEqual(["confirmed", "cancelled", "cancelled", "cancelled", "cancelled", "cancelled"]);
});

test("keyboard only: repeat chosen, a series booked and the rest of it cancelled, the focus always visible", async ({ page, request }) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.seriesAccountFile });
  const physio = await call(request, "POST", "/v1/services", seeded.sk, {
    name: "Physiotherapy",
    duration_minutes: 45,
    payment_mode: "none",
    repeat_max: 8,
    min_cancel_notice_minutes: 24 * 60,
  });
  await call(request, "PUT", `/v1/services/${physio.id}/staff`, seeded.sk, { staff_ids: [seeded.staff[0]!.id] });

  await page.goto(`/book/${seeded.slug}`);
  await tabTo(page, /Physiotherapy/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: "Repeat" })).toBeVisible();
  // A closed select takes the option whose label starts with what is typed.
  await tabTo(page, /How often/);
  await page.keyboard.type("Every week");
  await tabTo(page, /How many times/);
  await page.keyboard.type("4");
  await expect(page).toHaveURL(/repeat=week&count=4/);
  // The times for the new count are shown before the walk starts: a walk over a list being
  // replaced can run out of focus stops.
  const monday = page.getByRole("button", { name: /^Monday, 22 February 2027, 11:00 New York time/ });
  await expect(monday).toBeVisible();
  await tabTo(page, /^Monday, 22 February 2027, 11:00 New York time/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
  await expect(page.getByRole("region", { name: "Your booking" })).toContainText("Every week, 4 times");

  const email = uniqueEmail("series-keys");
  await tabTo(page, /Full name/);
  await page.keyboard.type("Kai Keys");
  await tabTo(page, /^ ?Email/);
  await page.keyboard.type(email);
  await tabTo(page, /^Book appointment$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeFocused();
  await expect(page.getByText("4 bookings made, one for each date.")).toBeVisible();

  await tabTo(page, /Change or cancel this booking/);
  await page.keyboard.press("Enter");
  const dates = page.getByRole("region", { name: "All dates in this series" });
  await expect(dates.getByRole("listitem")).toHaveCount(4);
  await tabTo(page, /^Cancel all remaining dates$/);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cancel all remaining dates?" });
  await expect(dialog).toBeVisible();
  await tabTo(page, /^Yes, cancel them$/, 5);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(dates.getByRole("listitem").filter({ hasText: "Cancelled" })).toHaveCount(3);
  // Nothing is left to cancel online: the button is gone, and the focus is on the dates, not lost with it.
  await expect(dates.getByRole("button", { name: "Cancel all remaining dates" })).toHaveCount(0);
  await expect(dates.getByRole("heading", { name: "All dates in this series" })).toBeFocused();
});
