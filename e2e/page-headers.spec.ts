import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, test } from "./support/fixtures";
import { call, firstSlot, seedWorkspace } from "./support/seed";
import { ONCE } from "./support/once";

/**
 * docs/decisions.md#page-headers: every page sends nosniff; every page but /embed/{slug} refuses to be framed
 * by other sites (frame-ancestors 'self'); /manage/{token} sends no Referer onwards. Checked
 * on the headers, then in Chromium: another site's iframe of the manage page (its cancel
 * button is the clickjacking target) stays empty.
 */
let shared: ReturnType<typeof seedWithBooking> | undefined;
const sharedWithBooking = (request: Parameters<typeof seedWorkspace>[0]) => (shared ??= seedWithBooking(request));

async function seedWithBooking(request: Parameters<typeof seedWorkspace>[0]) {
  const seeded = await seedWorkspace(request, { allowedOrigins: [E2E.strangerUrl], accountFile: E2E.headersAccountFile });
  const slot = await firstSlot(request, seeded, seeded.services.haircut);
  const booking = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.haircut,
    starts_at: slot.start,
    customer: { name: "Ida Frame", email: "ida@customer.example" },
  });
  return { seeded, token: booking.access_token as string };
}

test("every page sends the headers of docs/decisions.md#page-headers", ONCE, async ({ request }) => {
  const { seeded, token } = await sharedWithBooking(request);
  const pages = [
    "/",
    `/book/${seeded.slug}`,
    `/manage/${token}`,
    "/book/no-such-business",
    "/manage/not-a-token",
    "/waitlist/not-a-token",
    "/no/such/page",
    "/dev/outbox",
    "/book/%zz",
  ];
  for (const pathname of pages) {
    const response = await request.get(pathname);
    const headers = response.headers();
    expect(headers["x-content-type-options"], pathname).toBe("nosniff");
    expect(headers["content-security-policy"], pathname).toBe("frame-ancestors 'self'");
    expect(headers["referrer-policy"], pathname).toBe(/^\/(manage|waitlist)\//.test(pathname) ? "no-referrer" : undefined);
  }
  const embed = await request.get(`/embed/${seeded.slug}`);
  expect(embed.headers()["x-content-type-options"]).toBe("nosniff");
  // The embed keeps its own list: the key's allowed origins besides our own.
  expect(embed.headers()["content-security-policy"]).toBe(`frame-ancestors 'self' ${E2E.appUrl} ${E2E.strangerUrl}`);
});

test("another site cannot frame the manage page, the booking page or the home page; the embed it may", ONCE, async ({ page, request }) => {
  const { seeded, token } = await sharedWithBooking(request);
  await page.goto(`${E2E.strangerUrl}/health`);

  // The control: the embed is framed by a site on the key's allowed origins, so the check below can see a framed page.
  const embed = await frameFromHere(page, `${E2E.appUrl}/embed/${seeded.slug}`);
  await expect(embed.locator("h1", { hasText: seeded.name })).toBeVisible();
  await screenshot(page, "embed-framed");

  for (const pathname of [`/manage/${token}`, `/book/${seeded.slug}`, "/"]) {
    const framed = await frameFromHere(page, `${E2E.appUrl}${pathname}`);
    await page.waitForTimeout(1_000);
    // A refused frame shows the browser's own error page: never one of ours, never the cancel button.
    expect(
      await framed
        .locator("h1", { hasText: seeded.name })
        .count()
        .catch(() => 0),
      pathname,
    ).toBe(0);
    expect(
      await framed
        .getByRole("button", { name: /cancel/i })
        .count()
        .catch(() => 0),
      pathname,
    ).toBe(0);
    expect(
      await framed
        .locator("main")
        .count()
        .catch(() => 0),
      pathname,
    ).toBe(0);
    await screenshot(page, `refused-${pathname.split("/")[1] || "home"}`);
  }
});

/** Replaces the page's body with one iframe of the URL and returns that frame once it has loaded. */
async function frameFromHere(page: Page, url: string) {
  await page.evaluate(async (src) => {
    document.body.replaceChildren();
    const iframe = document.createElement("iframe");
    iframe.title = "framed";
    iframe.style.cssText = "width:1000px;height:700px;border:2px solid red";
    const loaded = new Promise((resolve) => iframe.addEventListener("load", resolve, { once: true }));
    iframe.src = src;
    document.body.append(iframe);
    await loaded;
  }, url);
  return page.frameLocator('iframe[title="framed"]');
}

async function screenshot(page: Page, name: string) {
  const folder = path.join("e2e", "artifacts", "screens", "page-headers");
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}
