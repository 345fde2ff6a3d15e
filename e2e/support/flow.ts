import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";

/** Steps of the booking flow as a customer does them, by role and visible name. */
export async function chooseService(page: Page, name: string) {
  await page.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeFocused();
}

/** The times offered on the day shown (the group "Times on …"), once there is one; on the page or in the widget's frame. */
export async function shownTimes(page: Page | FrameLocator): Promise<Locator> {
  const times = page.getByRole("group", { name: /^Times on/ }).getByRole("button");
  await expect(times.first()).toBeVisible();
  return times;
}

/** The calendar's days that offer a time. */
export function daysWithTimes(page: Page): Locator {
  return page.locator("button[data-date][aria-label*='times available']");
}

/** Starts this close to now are passed over: the time can pass while the test fills in the details. */
export const PASSES_MS = 10 * 60_000;

/**
 * The day's first offered time that starts more than ten minutes from now, or the nth after it.
 * Today's very first time may be a minute away: it passes while the customer types (CI met it
 * at 03:29 New York time, the server then refused the start as no longer offered).
 */
export async function firstTime(page: Page | FrameLocator, nth = 0) {
  const times = await shownTimes(page);
  const starts = await times.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-start") ?? ""));
  const first = Math.max(
    0,
    starts.findIndex((start) => Date.parse(start) - Date.now() > PASSES_MS),
  );
  return times.nth(Math.min(first + nth, starts.length - 1));
}

/** Picks firstTime (or the nth after it); returns its accessible name (full date). */
export async function chooseFirstTime(page: Page, nth = 0): Promise<string> {
  const slot = await firstTime(page, nth);
  await expect(slot).toBeVisible();
  const label = (await slot.getAttribute("aria-label"))!;
  await slot.click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
  return label;
}

/**
 * A Wednesday morning in mid-March (05:00 in New York): the month shown first has days with times
 * after "today" whatever the real date. A test that picks days of that month starts both clocks
 * here (`startClocksAt`) and puts the app's back after it; near a real month's end it had one day
 * with times or none, and the pick timed out.
 */
export const MID_MONTH = new Date("2031-03-12T09:00:00Z");

/**
 * Taps the second day with times: a whole working day, whatever the hour (the first may be this
 * evening, with a time or two left). The month shown first must hold two such days: start the
 * clocks at MID_MONTH. Answers its date.
 */
export async function chooseLaterDay(page: Page): Promise<string> {
  const later = daysWithTimes(page).nth(1);
  const day = (await later.getAttribute("data-date")) ?? "";
  await later.click();
  await expect.poll(() => new URL(page.url()).searchParams.get("day")).toBe(day);
  return day;
}

/** On the manage page: opens the reschedule panel ("Change time"); its heading takes the focus. */
export async function openReschedule(page: Page) {
  await page.getByRole("button", { name: "Change time" }).click();
  await expect(page.getByRole("heading", { name: "Choose a new time" })).toBeFocused();
}

/**
 * In the reschedule panel: picks `time`, confirms in the "Move your booking?" dialog
 * (`whileAsked` runs while it is open, for a screenshot), and waits for the page to say where
 * the booking went. Answers the new start and that notice.
 */
export async function moveBooking(page: Page, time: Locator, whileAsked?: () => Promise<void>): Promise<{ start: string; notice: Locator }> {
  const start = (await time.getAttribute("data-start"))!;
  await time.click();
  const dialog = page.getByRole("dialog", { name: "Move your booking?" });
  await expect(dialog).toBeVisible();
  await whileAsked?.();
  await dialog.getByRole("button", { name: "Move booking" }).click();
  // In the card, not the live region that announces it too.
  const notice = page.locator("main").getByText(/^Your booking was moved to /);
  await expect(notice).toBeVisible();
  return { start, notice };
}

export async function fillDetails(page: Page, details: { name: string; email: string; phone?: string }) {
  await page.getByLabel("Full name").fill(details.name);
  await page.getByLabel("Email").fill(details.email);
  if (details.phone) await page.getByLabel(/^Phone/).fill(details.phone);
}

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@customer.example`;
}
