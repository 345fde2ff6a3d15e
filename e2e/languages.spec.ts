import type { APIRequestContext, Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, test } from "./support/fixtures";
import { call, firstSlot, seedWorkspace, type Seeded } from "./support/seed";
import { ONCE } from "./support/once";

/**
 * docs/decisions.md#languages on the first byte: `<html lang dir>` of the customer pages follows the
 * customer's own choice (the switcher's cookie), else the context (the widget's host page,
 * the language a booking was made in), else Accept-Language, else the workspace's language.
 * Arabic lays out right to left. The pages' own words are being translated (phase 2); what is
 * translated already (the service list) is checked here.
 */
let seeded: Promise<Seeded> | undefined;
const germanBusiness = (request: APIRequestContext) =>
  (seeded ??= seedWorkspace(request, { accountFile: E2E.languagesAccountFile, withDeposit: true }).then(async (workspace) => {
    await call(request, "PATCH", "/v1/workspace", workspace.sk, { language: "de" });
    return workspace;
  }));

async function htmlOf(page: Page) {
  return page.locator("html").evaluate((html) => ({ lang: html.getAttribute("lang"), dir: html.getAttribute("dir") }));
}

test.describe("an Arabic browser", ONCE, () => {
  test.use({ locale: "ar-EG" });

  test("gets the booking page in Arabic, right to left, on the first byte", ONCE, async ({ page, request, checkpoint }) => {
    const business = await germanBusiness(request);
    const response = await request.get(`/book/${business.slug}`, { headers: { "Accept-Language": "ar-EG,ar;q=0.9" } });
    expect(await response.text()).toContain('<html lang="ar" dir="rtl">');
    await page.goto(`/book/${business.slug}`);
    expect(await htmlOf(page)).toEqual({ lang: "ar", dir: "rtl" });
    await expect(page.getByText("عربون قدره").first()).toBeVisible();
    await checkpoint("arabic-services");
  });
});

test.describe("a Spanish browser", ONCE, () => {
  test.use({ locale: "es-ES" });

  test("gets Spanish; its own choice (the cookie) wins over the browser", ONCE, async ({ page, request, context }) => {
    const business = await germanBusiness(request);
    await page.goto(`/book/${business.slug}`);
    expect(await htmlOf(page)).toEqual({ lang: "es", dir: "ltr" });
    await expect(page.getByText(/Depósito de .+ al reservar/).first()).toBeVisible();

    await context.addCookies([{ name: "NEXT_LOCALE", value: "fr", url: E2E.appUrl }]);
    await page.reload();
    expect(await htmlOf(page)).toEqual({ lang: "fr", dir: "ltr" });
    await expect(page.getByText(/Acompte de .+ à la réservation/).first()).toBeVisible();
  });
});

test.describe("a browser that prefers none of our languages", ONCE, () => {
  test.use({ locale: "ja-JP" });

  test("gets the workspace's language; the widget follows its host page's lang", ONCE, async ({ page, request }) => {
    const business = await germanBusiness(request);
    await page.goto(`/book/${business.slug}`);
    expect(await htmlOf(page)).toEqual({ lang: "de", dir: "ltr" });
    await expect(page.getByText(/Anzahlung von .+ bei der Buchung/).first()).toBeVisible();

    await page.goto(`/embed/${business.slug}?lang=pt-BR`);
    expect(await htmlOf(page)).toEqual({ lang: "pt", dir: "ltr" });
  });
});

test("the manage page speaks the language the booking was made in", ONCE, async ({ page, request }) => {
  const business = await germanBusiness(request);
  const slot = await firstSlot(request, business, business.services.haircut);
  const booking = await call(request, "POST", "/v1/bookings", business.sk, {
    service_id: business.services.haircut,
    starts_at: slot.start,
    customer: { name: "Layla Haddad", email: "layla@customer.example", language: "ar" },
  });
  await page.goto(`/manage/${booking.access_token as string}`);
  expect(await htmlOf(page)).toEqual({ lang: "ar", dir: "rtl" });
});
