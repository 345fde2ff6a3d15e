import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test as base } from "./fixtures";

/**
 * The customer-journey specs (issue 15) look at every state on a phone (390 px) and a desktop
 * (1280 px): `look(name)` asserts no WCAG 2.2 AA (and best-practice) violation from axe-core at
 * each width and saves a full-page screenshot of each into e2e/artifacts/screens.
 */
export const JOURNEY_VIEWPORTS = [
  { label: "phone", width: 390, height: 844 },
  { label: "desktop", width: 1280, height: 900 },
] as const;

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export const test = base.extend<{ look: (name: string) => Promise<void> }>({
  look: async ({ page }, use, testInfo) => {
    let step = 0;
    await use(async (name: string) => {
      step += 1;
      await look(page, testInfo, `${String(step).padStart(2, "0")}-${name}`);
    });
  },
});

export { expect };

async function look(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize();
  const folder = path.join("e2e", "artifacts", "screens", slug(`${path.basename(testInfo.file, ".spec.ts")}-${testInfo.title}`));
  mkdirSync(folder, { recursive: true });
  for (const viewport of JOURNEY_VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.waitForTimeout(250);
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
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
