import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, test } from "./support/fixtures";
import { seedWorkspace } from "./support/seed";
import { ONCE } from "./support/once";

/**
 * Issue 27: in a right-to-left (Arabic) page, what the business wrote in a left-to-right language
 * (its name, blurb, service names, question labels) and money ("US$") keep their own order. Each
 * is isolated (`dir="auto"`, `<bdi>`, U+2066…U+2069 around a Latin currency symbol); Chromium is
 * asked what it resolved (`:dir(ltr)`) and where it drew the characters (Range rects), at 390 and
 * 1280 px, and the screenshots are kept for a person to look at.
 */
test.use({ locale: "ar-EG" });

/** The left edge of the first occurrence of `text` inside the element, as Chromium laid it out. */
async function leftOf(element: Locator, text: string): Promise<number> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`"${wanted}" is not in ${root.textContent}`);
  }, text);
}

/** Reads left to right on screen: each piece starts right of the one before. */
async function expectReadsLeftToRight(element: Locator, pieces: string[]) {
  const lefts: number[] = [];
  for (const piece of pieces) lefts.push(await leftOf(element, piece));
  for (let index = 1; index < lefts.length; index++)
    expect(lefts[index], `${pieces[index - 1]} then ${pieces[index]}: ${lefts}`).toBeGreaterThan(lefts[index - 1]!);
}

const isLtr = (element: Locator) => element.evaluate((node) => node.matches(":dir(ltr)"));

async function shoot(page: Page, name: string, width: number) {
  const folder = path.join("e2e", "artifacts", "screens", "rtl");
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`an Arabic page keeps the business's own left-to-right text and money in order (${width} px)`, ONCE, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const seeded = await seedWorkspace(request, { withQuestions: true, accountFile: E2E.rtlAccountFile });
    await page.goto(`/book/${seeded.slug}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

    // The blurb is English: a left-to-right paragraph whose full stop follows its word on the right
    // (pieces that share a line whatever the width: a word and its stop, two words).
    const blurb = page.locator("p[dir='auto']", { hasText: "A calm harbour-side salon." });
    await expect(blurb).toBeVisible();
    expect(await isLtr(blurb)).toBe(true);
    await expectReadsLeftToRight(blurb, ["A", "calm"]);
    await expectReadsLeftToRight(blurb, ["salon", "."]);

    // The service's name, and its price "45.00 US$" with the Latin symbol in its own order (never "$US").
    const haircut = page.locator(`[data-service-id="${seeded.services.haircut}"]`);
    const name = haircut.locator("[dir='auto']", { hasText: "Haircut" }).first();
    expect(await isLtr(name)).toBe(true);
    expect(await page.evaluate(() => document.querySelector("main")!.matches(":dir(rtl)"))).toBe(true);
    await expect(haircut).toContainText("US$");
    await expectReadsLeftToRight(haircut, ["U", "S$"]);
    await expectReadsLeftToRight(haircut, ["S", "$"]);
    await shoot(page, "1-services", width);

    await haircut.click();
    await page.locator("button[data-date]:not([aria-disabled])").nth(1).click();
    const times = page.locator("button[data-start]");
    await expect(times.first()).toBeVisible();
    await times.first().click();
    await expect(page.locator("[data-flow-step='details']")).toBeVisible();

    // Question labels are the business's words: "Anything we should know?" with its "?" at the end, on the right.
    const label = page.locator("bdi", { hasText: "Anything we should know?" });
    await expect(label).toBeVisible();
    expect(await isLtr(label)).toBe(true);
    await expectReadsLeftToRight(label, ["Anything", "we"]);
    await expectReadsLeftToRight(label, ["know", "?"]);
    const patchTest = page.locator("bdi", { hasText: "patch-test policy" });
    expect(await isLtr(patchTest)).toBe(true);
    await expectReadsLeftToRight(patchTest, ["I", "agree"]);
    // The summary's price reads "US$" too.
    const summaryPrice = page.locator("main").getByText(/US\$/).first();
    await expectReadsLeftToRight(summaryPrice, ["U", "S", "$"]);
    await shoot(page, "2-details", width);
  });
}
