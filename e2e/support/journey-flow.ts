import path from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { E2E } from "./env";
import { expect, screenshotAndAxe, test, WCAG_22_AA_TAGS } from "./fixtures";
import { firstTime } from "./flow";
import { call, seedWorkspace, type SeedOptions, type Seeded } from "./seed";

/**
 * What the booking-flow journey specs (journey-flow*.spec.ts, issue 15) share: workspaces on their own
 * account, `look` (axe at WCAG 2.2 AA and a screenshot, at 390 px and 1280 px), picking a time.
 */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
const LOOK_VIEWPORTS = [
  { label: "390", ...PHONE },
  { label: "1280", ...DESKTOP },
];

export const seed = (request: APIRequestContext, options: SeedOptions = {}) => seedWorkspace(request, { ...options, accountFile: E2E.journeyAccountFile });

/**
 * `screenshotAndAxe` into one folder per test and width: a test walked at both widths (its title
 * ends "(390 px)" or "(1280 px)") looks at the width it walks, since its other run looks at the
 * other; a test walked at one width looks at both.
 */
export async function look(page: Page, testInfo: TestInfo, name: string) {
  // One folder per test and width: the long titles share their first 60 characters.
  const walkedAt = testInfo.title.match(/\((\d+) px\)$/)?.[1];
  const viewports = walkedAt ? LOOK_VIEWPORTS.filter((viewport) => viewport.label === walkedAt) : LOOK_VIEWPORTS;
  expect(viewports.length, `a look at ${walkedAt} px`).toBeGreaterThan(0);
  const title = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60);
  const folder = path.join("e2e", "artifacts", "screens", `journey-${title}-walked-${walkedAt ?? "phone"}`);
  await screenshotAndAxe(page, testInfo, name, viewports, WCAG_22_AA_TAGS, folder);
}

export const times = (page: Page) => page.getByRole("group", { name: /^Times on/ }).getByRole("button");

export async function pickTime(page: Page, nth = 0) {
  const slot = await firstTime(page, nth);
  const label = (await slot.getAttribute("aria-label")) ?? "";
  await slot.click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  return label;
}

export const bookings = async (request: APIRequestContext, seeded: Seeded) =>
  (await call(request, "GET", "/v1/bookings", seeded.sk)).data as { id: string; status: string; starts_at: string }[];

/** Every journey test puts the app clock back. */
/**
 * Stops the browser's installed clock where it stands. `clock.pauseAt` only moves forward, and the
 * installed clock keeps running between reading it and pausing it, however long that takes on a
 * busy machine: a moment already past is asked again from the clock's new reading.
 */
export async function pauseBrowserClock(page: Page): Promise<void> {
  for (;;) {
    const at = (await page.evaluate(() => Date.now())) + 100;
    const paused = await page.clock.pauseAt(at).then(
      () => true,
      (error: unknown) => {
        if (String(error).includes("Cannot fast-forward to the past")) return false;
        throw error;
      },
    );
    if (paused) return;
  }
}

export function resetClockAfterEach() {
  test.afterEach(async ({ request }) => {
    await request.delete("/dev/clock");
  });
}
