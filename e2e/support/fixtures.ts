import AxeBuilder from "@axe-core/playwright";
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

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

type Fixtures = { clientIp: string; checkpoint: (name: string) => Promise<void> };

export const test = base.extend<Fixtures>({
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
 * rule axe runs by default) and saves a full-page screenshot into
 * e2e/artifacts/screens/<spec>-<test>/<name>-<viewport>.png; then restores the viewport.
 */
export async function screenshotAndAxe(page: Page, testInfo: TestInfo, name: string, viewports: readonly Viewport[], axeTags?: string[]) {
  const original = page.viewportSize();
  const folder = path.join("e2e", "artifacts", "screens", slug(`${path.basename(testInfo.file, ".spec.ts")}-${testInfo.title}`));
  mkdirSync(folder, { recursive: true });
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // Let layout, transitions and the frame's resize message settle.
    await page.waitForTimeout(250);
    const axe = new AxeBuilder({ page });
    const results = await (axeTags ? axe.withTags(axeTags) : axe).analyze();
    const summary = results.violations.map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(" ")).join("\n  ")}`,
    );
    expect(summary, `axe violations at ${name} (${viewport.label})`).toEqual([]);
    await page.screenshot({ path: path.join(folder, `${name}-${viewport.label}.png`), fullPage: true, animations: "disabled" });
  }
  if (original) await page.setViewportSize(original);
}

function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 90);
}
