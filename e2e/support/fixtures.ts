import AxeBuilder from "@axe-core/playwright";
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { E2E } from "./env";

/**
 * Shared fixtures:
 * - every test gets its own client IP (X-Forwarded-For; the e2e server trusts one proxy), so the
 *   per-IP rate limits of one test never spill into the next;
 * - `checkpoint(name)` asserts zero axe-core violations and saves full-page screenshots at
 *   desktop and 360 px phone width into e2e/artifacts/screens.
 */
export const VIEWPORTS = [
  { label: "desktop", width: 1280, height: 900 },
  { label: "phone", width: 360, height: 780 },
] as const;

/** axe-core's tags for WCAG 2.2 AA: every level A and AA rule of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_22_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Fixtures = { clientIp: string; checkpoint: (name: string) => Promise<void> };

export const test = base.extend<Fixtures>({
  // This worker's own app server (e2e/support/env.ts).
  baseURL: async ({}, use) => {
    await use(E2E.appUrl);
  },
  clientIp: async ({}, use) => {
    await use(`10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`);
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ "X-Forwarded-For": clientIp });
  },
  checkpoint: async ({ page }, use, testInfo) => {
    await use(numberedLooks(page, testInfo, VIEWPORTS));
  },
});

export { expect };

export type Viewport = { label: string; width: number; height: number };

/**
 * What `checkpoint` and the journey specs' `look` (./journey.ts) give a test: each call's name
 * numbered in the order taken (01-…, 02-…), then `screenshotAndAxe` at every viewport.
 */
export function numberedLooks(page: Page, testInfo: TestInfo, viewports: readonly Viewport[], axeTags?: string[]): (name: string) => Promise<void> {
  let step = 0;
  return async (name: string) => {
    step += 1;
    await screenshotAndAxe(page, testInfo, `${String(step).padStart(2, "0")}-${name}`, viewports, axeTags);
  };
}

/**
 * At each viewport: asserts zero axe-core violations (of `axeTags` when given, else of every
 * rule axe runs by default) and saves a full-page screenshot into `folder` (by default
 * e2e/artifacts/screens/<spec>-<test>/) as <name>-<viewport>.png; then restores the viewport.
 */
export async function screenshotAndAxe(page: Page, testInfo: TestInfo, name: string, viewports: readonly Viewport[], axeTags?: string[], folder?: string) {
  const original = page.viewportSize();
  const into = folder ?? path.join("e2e", "artifacts", "screens", slug(`${path.basename(testInfo.file, ".spec.ts")}-${testInfo.title}`));
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Let layout, transitions and the frame's resize message settle.
    await page.waitForTimeout(250);
    await saveScreenshot(page, into, `${name}-${viewport.label}`);
    await expectNoAxeViolations(page, `${name} (${viewport.label})`, axeTags);
    await expectNoSideScroll(page, `${name} (${viewport.label})`);
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Zero axe-core violations on the page as it is now (of `axeTags` when given, else of every rule
 * axe runs by default).
 *
 * A page without frames is checked with one `axe.run` in the page (AxeBuilder's legacy mode).
 * The default mode exists for frames from other origins: it runs `runPartial` in each frame and
 * combines the parts with `finishRun` in a blank page it opens and closes, injecting axe there
 * again. On a page with no frame the result is the same, and the blank page cost about a second
 * of the 1.4 s a check took here (0.4 s without it), at over 600 checks a pass. Pages with frames
 * (the widget on a host page) keep the default mode, so every frame is still checked.
 */
export async function expectNoAxeViolations(page: Page, where: string, axeTags?: string[]) {
  const axe = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  const results = await (axeTags ? axe.withTags(axeTags) : axe).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations at ${where}`).toEqual([]);
}

/** The page fits the screen's width: what is wider (a table) scrolls in its own region, never the page sideways. */
export async function expectNoSideScroll(page: Page, where: string) {
  const { page: width, screen } = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
  expect(width, `the page is wider than the screen at ${where}`).toBeLessThanOrEqual(screen);
}

/** A full-page screenshot, animations stopped, saved as `folder`/`name`.png. */
export async function saveScreenshot(page: Page, folder: string, name: string) {
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true, animations: "disabled" });
}

function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 90);
}
