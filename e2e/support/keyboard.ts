import { expect, type Page } from "@playwright/test";

/**
 * Keyboard only: presses Tab until the focused element's name (its aria-label and text) matches,
 * checking at every stop that the focus can be seen (an outline or a ring). Fails after `stops` presses.
 */
export async function tabTo(page: Page, name: RegExp, stops = 80): Promise<void> {
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const label = element?.id ? (document.querySelector(`label[for="${element.id}"]`)?.textContent ?? "") : "";
      // The ring is an outline or a box shadow, on the element or, for a hidden radio, on the pill beside it.
      const ringed = [element, element?.nextElementSibling, element?.closest("label")].some((candidate) => {
        if (!candidate) return false;
        const style = getComputedStyle(candidate);
        return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
      });
      if (!element || element === document.body) return { name: "(nothing: the focus left the page)", ringed: false };
      return { name: `${element.getAttribute("aria-label") ?? ""} ${label} ${element.textContent ?? ""}`.trim().slice(0, 200), ringed };
    });
    expect(focused.ringed, `focus visible on "${focused.name}"`).toBe(true);
    if (name.test(focused.name)) return;
  }
  throw new Error(`no focus stop named ${name} within ${stops} presses of Tab`);
}
