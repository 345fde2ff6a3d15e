import { expect, type Page } from "@playwright/test";

/** Steps of the booking flow as a customer does them, by role and visible name. */
export async function chooseService(page: Page, name: string) {
  await page.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeFocused();
}

/** Starts this close to now are passed over: the time can pass while the test fills in the details. */
const PASSES_MS = 10 * 60_000;

/**
 * The day's first offered time that starts more than ten minutes from now, or the nth after it.
 * Today's very first time may be a minute away: it passes while the customer types (CI met it
 * at 03:29 New York time, the server then refused the start as no longer offered).
 */
export async function firstTime(page: Page, nth = 0) {
  const times = page.getByRole("group", { name: /^Times on/ }).getByRole("button");
  await expect(times.first()).toBeVisible();
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
 * Taps the second day with times: a whole working day, whatever the hour the suite runs at (the
 * first may be this evening, with a time or two left). Answers its date.
 */
export async function chooseLaterDay(page: Page): Promise<string> {
  const later = page.locator("button[data-date][aria-label*='times available']").nth(1);
  const day = (await later.getAttribute("data-date")) ?? "";
  await later.click();
  await expect.poll(() => new URL(page.url()).searchParams.get("day")).toBe(day);
  return day;
}

export async function fillDetails(page: Page, details: { name: string; email: string; phone?: string }) {
  await page.getByLabel("Full name").fill(details.name);
  await page.getByLabel("Email").fill(details.email);
  if (details.phone) await page.getByLabel(/^Phone/).fill(details.phone);
}

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@customer.example`;
}
