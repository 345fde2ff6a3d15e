import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
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
    // A page's layout follows the new width at once, and the screenshot finishes any transition
    // it started (animations: "disabled"), so axe then reads the final styles. What moves later
    // is a framed widget: its frame tells the host page its new height by message.
    if (page.frames().length > 1) await page.waitForTimeout(250);
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
 * A page without frames is checked by axe-core's own `axe.run` in the page, with the library
 * injected once per document: a checkpoint checks the same document at each viewport, and
 * AxeBuilder sends axe's 1.3 MB source into the page again for every check. Measured on one
 * brand walk (22 checks, 1 worker): 480 ms a check with AxeBuilder's legacy mode, 197 ms this
 * way; the Playwright worker's CPU for the whole test 8.8 s → 5.0 s, Chromium's renderer's
 * 15.4 s → 11.2 s. Pages with frames (the widget on a host page) keep AxeBuilder's default mode,
 * which runs `runPartial` in each frame, whatever its origin, and combines the parts.
 */
export async function expectNoAxeViolations(page: Page, where: string, axeTags?: string[]) {
  const violations = page.frames().length === 1 ? await axeInPage(page, axeTags) : await axeInEveryFrame(page, axeTags);
  const summary = violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations at ${where}`).toEqual([]);
}

type WithAxe = { axe?: typeof axe };

async function axeInPage(page: Page, axeTags?: string[]): Promise<axe.Result[]> {
  const injected = await page.evaluate(() => typeof (window as WithAxe).axe?.run === "function");
  if (!injected) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const options: axe.RunOptions = { resultTypes: ["violations"], ...(tags ? { runOnly: { type: "tag", values: tags } } : {}) };
    return (await (window as WithAxe).axe!.run(document, options)).violations;
  }, axeTags);
}

async function axeInEveryFrame(page: Page, axeTags?: string[]): Promise<axe.Result[]> {
  const builder = new AxeBuilder({ page });
  return (await (axeTags ? builder.withTags(axeTags) : builder).analyze()).violations;
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
