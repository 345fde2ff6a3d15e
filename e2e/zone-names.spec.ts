import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, test } from "./support/fixtures";
import { call, seedWorkspace } from "./support/seed";
import { ONCE } from "./support/once";

/**
 * Issue 27: the time step names its zones by their cities in the page's language ("horário de
 * Lisboa", "بتوقيت لشبونة"), the same in the server's HTML and in the browser (the server names
 * them; the browser never asks its own ICU), so the page hydrates without React's #418. A Lisbon
 * business; a Brazilian customer in New York and an Arabic one in Dubai; the step opened by its
 * address and reached by clicking, at 390 and 1280 px.
 */
const CUSTOMERS = [
  {
    locale: "pt-BR",
    timezoneId: "America/New_York",
    shownIn: /^Horários exibidos no/,
    business: "horário de Lisboa",
    english: "horário de Lisbon",
    showMine: "Ver no meu horário (Nova York)",
    showBusiness: "Ver no horário de Lisboa",
  },
  {
    locale: "ar",
    timezoneId: "Asia/Dubai",
    shownIn: /^المواعيد معروضة/,
    business: "بتوقيت لشبونة",
    english: "بتوقيت Lisbon",
    showMine: "اعرضها بتوقيتي (دبي)",
    showBusiness: "اعرضها بتوقيت لشبونة",
  },
] as const;

/** React's hydration errors (#418 and its kin, minified in production) and any uncaught error. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#418|#423|#425/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

async function shoot(page: Page, name: string) {
  const folder = path.join("e2e", "artifacts", "screens", "zone-names");
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(
    `the time step names Lisbon and the customer's city in Portuguese and Arabic, by address and by clicking (${width} px)`,
    ONCE,
    async ({ browser, request }) => {
      const seeded = await seedWorkspace(request, { accountFile: E2E.zoneNamesAccountFile });
      await call(request, "PATCH", "/v1/workspace", seeded.sk, { timezone: "Europe/Lisbon" });
      for (const customer of CUSTOMERS) {
        const context = await browser.newContext({ locale: customer.locale, timezoneId: customer.timezoneId, viewport: { width, height } });
        const page = await context.newPage();
        const errors = watchErrors(page);
        const zoneLine = page.getByText(customer.shownIn);
        const firstTime = page.locator("[data-flow-step='time'] button[data-start]").first();

        // Opened by its address: the server's HTML already names Lisbon in the page's language.
        const response = await page.goto(`${E2E.appUrl}/book/${seeded.slug}?service=${seeded.services.haircut}`);
        expect(await response!.text()).toContain(customer.business);
        await expect(zoneLine).toContainText(customer.business);
        await expect(zoneLine).not.toContainText(customer.english);
        // The customer's own zone, named once the page runs (the server cannot know it).
        await expect(page.getByRole("button", { name: customer.showMine })).toBeVisible();
        await expect(firstTime).toHaveAttribute("aria-label", new RegExp(customer.business.split(" ").pop()!));
        await shoot(page, `${customer.locale}-by-address`);

        await page.getByRole("button", { name: customer.showMine }).click();
        await expect(page.getByRole("button", { name: customer.showBusiness })).toBeVisible();
        await shoot(page, `${customer.locale}-own-zone`);

        // Reached by clicking from the service list.
        await page.goto(`${E2E.appUrl}/book/${seeded.slug}`);
        await page.getByRole("button", { name: /^Haircut/ }).click();
        await expect(zoneLine).toContainText(customer.business);
        await expect(page.getByRole("button", { name: customer.showMine })).toBeVisible();
        await expect(firstTime).toBeVisible();
        await shoot(page, `${customer.locale}-by-click`);

        expect(errors, customer.locale).toEqual([]);
        await context.close();
      }
    },
  );
}
