import { expect, numberedLooks, test as base, WCAG_22_AA_TAGS } from "./fixtures";

/**
 * The customer-journey specs (issue 15) look at every state on a phone (390 px) and a desktop
 * (1280 px): `look(name)` asserts no WCAG 2.2 AA (and best-practice) violation from axe-core at
 * each width and saves a full-page screenshot of each into e2e/artifacts/screens
 * (`screenshotAndAxe`, ./fixtures.ts).
 */
export const JOURNEY_VIEWPORTS = [
  { label: "phone", width: 390, height: 844 },
  { label: "desktop", width: 1280, height: 900 },
] as const;

const WCAG_22_AA = [...WCAG_22_AA_TAGS, "best-practice"];

export const test = base.extend<{ look: (name: string) => Promise<void> }>({
  look: async ({ page }, use, testInfo) => {
    await use(numberedLooks(page, testInfo, JOURNEY_VIEWPORTS, WCAG_22_AA));
  },
});

export { expect };
