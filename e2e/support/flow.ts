import { expect, type Page } from "@playwright/test";

/** Steps of the booking flow as a customer does them, by role and visible name. */
export async function chooseService(page: Page, name: string) {
  await page.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeFocused();
}

/** Picks the first offered time of the selected day; returns its accessible name (full date). */
/** Picks the day's first offered time, or the nth one (a later time survives a test's own waiting). */
export async function chooseFirstTime(page: Page, nth = 0): Promise<string> {
  const times = page.getByRole("group", { name: /^Times on/ }).getByRole("button");
  await expect(times.first()).toBeVisible();
  const slot = times.nth(Math.min(nth, (await times.count()) - 1));
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
