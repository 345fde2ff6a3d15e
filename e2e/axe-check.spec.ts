import { expect, expectNoAxeViolations, test } from "./support/fixtures";
import { ONCE } from "./support/once";

/**
 * The accessibility check every checkpoint makes (e2e/support/fixtures.ts) still fails a page
 * that breaks a rule: axe is injected once per document and run again at each viewport, so a
 * second run, and a run on a new document, must find what the first would.
 */
test("the axe check fails a page that breaks a rule, again on its second run, and passes a clean one", ONCE, async ({ page }) => {
  const broken = `<html lang="en"><head><title>Broken</title></head><body><main><h1>Broken</h1>
    <img src="/missing.png"><p style="color:#777;background:#888">Too little contrast</p></main></body></html>`;
  await page.setContent(broken);
  await expect(expectNoAxeViolations(page, "an image without a name")).rejects.toThrow(/image-alt/);
  await expect(expectNoAxeViolations(page, "grey on grey, WCAG AA", ["wcag2aa"])).rejects.toThrow(/color-contrast/);
  await page.setContent(`<html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1><p>Readable.</p></main></body></html>`);
  await expectNoAxeViolations(page, "a clean page");
  await page.setContent(broken);
  await expect(expectNoAxeViolations(page, "the broken page again")).rejects.toThrow(/image-alt/);
});
