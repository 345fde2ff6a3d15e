import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { wcagContrast } from "culori";
import { E2E } from "./support/env";
import { chooseFirstTime, chooseService, fillDetails, openReschedule, uniqueEmail } from "./support/flow";
import { expect, test } from "./support/journey";
import { call, latestCode, seedWorkspace, type SeedOptions, type Seeded } from "./support/seed";
import { ONCE } from "./support/once";

/**
 * Issue 34: the business's brand on its pages, widget and emails, readable in light and dark.
 * Every step of the booking flow and the manage page is walked in a light and a dark system
 * setting (theme auto) with three brand colours; `look` asserts axe (WCAG 2.2 AA, colour
 * contrast included) at 390 px and 1280 px and saves both screenshots. Workspaces live on this
 * spec's own account. Logos are served by the test itself (routed https), never fetched.
 */
const BRANDS = [
  { label: "very light", color: "#fef08a", logo: "wide" },
  { label: "very dark", color: "#1e1b4b", logo: "tall" },
  { label: "saturated", color: "#e11d48", logo: "wide" },
] as const;

const LOGO_ORIGIN = "https://logos.brand-e2e.example";
/** A logo 20 times wider than tall, and one 10 times taller than wide. */
const LOGOS = {
  wide: `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="60" viewBox="0 0 1200 60"><rect width="1200" height="60" fill="#0f766e"/><text x="20" y="42" font-size="36" fill="#ffffff">WIDE LOGO</text></svg>`,
  tall: `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="600" viewBox="0 0 60 600"><rect width="60" height="600" fill="#7c3aed"/><circle cx="30" cy="40" r="20" fill="#ffffff"/></svg>`,
};

async function serveLogos(page: Page) {
  await page.route(`${LOGO_ORIGIN}/**`, (route) => {
    const shape = new URL(route.request().url()).pathname.includes("tall") ? "tall" : "wide";
    return route.fulfill({ status: 200, contentType: "image/svg+xml", body: LOGOS[shape] });
  });
}

async function seedBrand(request: APIRequestContext, brand: Record<string, unknown>, options: SeedOptions = {}): Promise<Seeded> {
  const seeded = await seedWorkspace(request, { ...options, accountFile: E2E.brandAccountFile });
  await call(request, "PATCH", "/v1/workspace", seeded.sk, brand);
  return seeded;
}

/** The computed value of a colour token on the page, as #rrggbb. */
const token = (page: Page, name: string) =>
  page.evaluate((property) => getComputedStyle(document.documentElement).getPropertyValue(property).trim(), `--color-${name}`);

const rgbToHex = (rgb: string) =>
  "#" +
  (rgb.match(/\d+(\.\d+)?/g) ?? [])
    .slice(0, 3)
    .map((channel) => Math.round(Number(channel)).toString(16).padStart(2, "0"))
    .join("");

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor).then(rgbToHex);

test.afterEach(async ({ request }) => {
  await request.delete("/dev/clock");
});

for (const brand of BRANDS) {
  for (const scheme of ["light", "dark"] as const) {
    test(
      `${brand.label} ${brand.color}, ${scheme} system, theme auto: every step of the flow and the manage page pass axe`,
      ONCE,
      async ({ page, request, look }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await serveLogos(page);
        const seeded = await seedBrand(
          request,
          { brand_color: brand.color, logo_url: `${LOGO_ORIGIN}/${brand.logo}.svg`, theme: "auto" },
          { requireVerification: true, withDeposit: true, withQuestions: true },
        );
        await page.goto(`/book/${seeded.slug}`);
        // The scheme the system asks for, from the server's own CSS.
        expect(await token(page, "primary-fill")).toBe(brand.color);
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme);
        const logo = page.getByRole("img", { name: seeded.name });
        await expect(logo).toBeVisible();
        await look("services");

        // A free service: details, the 6-digit code (wrong, then right), confirmed.
        await chooseService(page, "Quick trim");
        await look("times");
        await chooseFirstTime(page);
        const email = uniqueEmail(`brand-${scheme}`);
        await fillDetails(page, { name: "Noor Haddad", email });
        await page.getByRole("button", { name: "Continue", exact: true }).click();
        // The question's error: danger text on the surface.
        await expect(page.getByText("Please answer this question.")).toBeVisible();
        await look("details-errors");
        await page.getByLabel("How did you hear about us?").selectOption("Instagram");
        await page.getByRole("button", { name: "Continue", exact: true }).click();

        await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
        await look("code");
        const code = await latestCode(request, email);
        await page.getByLabel("Confirmation code").fill(code === "000000" ? "111111" : "000000");
        await page.getByRole("button", { name: "Confirm booking" }).click();
        await expect(page.getByText("That code didn't work")).toBeVisible();
        await look("code-wrong");
        await page.getByLabel("Confirmation code").fill(code);
        await page.getByRole("button", { name: "Confirm booking" }).click();
        await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
        await look("confirmed");
        const manageHref = await page.getByRole("link", { name: "Change or cancel this booking" }).getAttribute("href");

        // A deposit: the payment step (a paid booking is verified by its payment, no code).
        await page.goto(`/book/${seeded.slug}`);
        await chooseService(page, "Colour consultation");
        await chooseFirstTime(page);
        await fillDetails(page, { name: "Noor Haddad", email: uniqueEmail(`brand-pay-${scheme}`) });
        await page.getByLabel("How did you hear about us?").selectOption("A friend");
        await page.getByRole("button", { name: "Continue to payment" }).click();
        await expect(page.getByRole("heading", { name: "Payment" })).toBeFocused();
        await look("payment");
        await page.getByRole("button", { name: "Pay US$20.00 (test card)" }).click();
        await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();

        await page.goto(manageHref!);
        await expect(page).toHaveURL(/\/manage\//);
        await expect(page.getByRole("img", { name: seeded.name })).toBeVisible();
        await look("manage");
        await openReschedule(page);
        await look("manage-reschedule");
        await page.getByRole("button", { name: "Keep the current time" }).click();
        await page.getByRole("button", { name: "Cancel booking" }).click();
        await expect(page.getByRole("dialog", { name: "Cancel this booking?" })).toBeVisible();
        await look("manage-cancel-dialog");
        await page
          .getByRole("dialog")
          .getByRole("button", { name: /^Yes, cancel/ })
          .click();
        await expect(page.getByRole("heading", { name: "Your booking is cancelled" })).toBeFocused();
        await look("manage-cancelled");
      },
    );
  }
}

/** A context whose pages never run our scripts: what it paints is the server's HTML and CSS alone. */
async function paintWithoutScripts(browser: Browser, colorScheme: "light" | "dark", path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme, baseURL: E2E.appUrl });
  const page = await context.newPage();
  await page.goto(path);
  const painted = { background: await bodyBackground(page), surface: await token(page, "surface"), scheme: await token(page, "bg") };
  await context.close();
  return painted;
}

test(
  "theme auto on a dark system is dark from the server's first paint, with no script to swap it; light and dark themes hold whatever the system says",
  ONCE,
  async ({ browser, request }) => {
    const auto = await seedBrand(request, { brand_color: "#0f766e", theme: "auto" });
    const darkPage = await paintWithoutScripts(browser, "dark", `/book/${auto.slug}`);
    const lightPage = await paintWithoutScripts(browser, "light", `/book/${auto.slug}`);
    expect(wcagContrast(darkPage.background, "#000000")).toBeLessThan(1.5);
    expect(wcagContrast(lightPage.background, "#ffffff")).toBeLessThan(1.5);

    await call(request, "PATCH", "/v1/workspace", auto.sk, { theme: "dark" });
    expect((await paintWithoutScripts(browser, "light", `/book/${auto.slug}`)).background).toBe(darkPage.background);
    await call(request, "PATCH", "/v1/workspace", auto.sk, { theme: "light" });
    expect((await paintWithoutScripts(browser, "dark", `/book/${auto.slug}`)).background).toBe(lightPage.background);
  },
);

test("a tall and a wide logo carry the business's name as alt and never widen the page at 320 px", ONCE, async ({ page, request }) => {
  await serveLogos(page);
  for (const shape of ["tall", "wide"] as const) {
    const seeded = await seedBrand(request, { logo_url: `${LOGO_ORIGIN}/${shape}.svg` });
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`/book/${seeded.slug}`);
    const logo = page.getByRole("img", { name: seeded.name });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const box = (await logo.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(64);
    expect(box.width).toBeLessThanOrEqual(320);
    expect(box.height).toBeGreaterThan(0);
    // Proportions kept: 20:1 wide, 1:10 tall.
    expect(box.width / box.height).toBeCloseTo(shape === "wide" ? 20 : 0.1, 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${shape} logo scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
  }
});

/** A business website with three embeds of one workspace: one with its own theme and colour, one plain, one yellow popup. */
function hostPage(slug: string) {
  const tag = (attributes: string) => `<script src="${E2E.appUrl}/embed.js" data-slug="${slug}" ${attributes}></script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two widgets</title></head>
<body><main><h1>Our site</h1><h2>Dark, teal</h2>${tag('data-mode="inline" data-theme="dark" data-brand-color="#0F766E"')}
<h2>As the business set it</h2>${tag('data-mode="inline"')}
<h2>A yellow popup</h2>${tag('data-mode="popup" data-brand-color="#fde047" data-label="Book in yellow"')}</main></body></html>`;
}

test("the widget's data-theme and data-brand-color win for that embed only", ONCE, async ({ page, request, look }) => {
  await page.emulateMedia({ colorScheme: "light" });
  const seeded = await seedBrand(request, { brand_color: "#e11d48", theme: "light" }, { allowedOrigins: [E2E.hostUrl] });
  // Written into a page the host server served (a routed page would be a public address, and
  // Chromium's local network access would then refuse it the app's script).
  await page.goto(`${E2E.hostUrl}/health`);
  await page.setContent(hostPage(seeded.slug));
  const frames = page.locator("iframe.bk-embed-frame");
  await expect(frames).toHaveCount(2);
  const [overridden, plain] = [page.frameLocator("iframe.bk-embed-frame >> nth=0"), page.frameLocator("iframe.bk-embed-frame >> nth=1")];
  await expect(overridden.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
  await expect(plain.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();

  const tokensOf = async (index: number) => {
    const frame = page.frames().find((candidate) => candidate.url().includes(`/embed/${seeded.slug}`) && candidate !== page.mainFrame() && index-- === 0)!;
    return frame.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return {
        fill: style.getPropertyValue("--color-primary-fill").trim(),
        scheme: style.colorScheme,
        surface: style.getPropertyValue("--color-surface").trim(),
      };
    });
  };
  const first = await tokensOf(0);
  const second = await tokensOf(1);
  expect(first).toMatchObject({ fill: "#0f766e", scheme: "dark" });
  expect(second).toMatchObject({ fill: "#e11d48", scheme: "light" });
  expect(wcagContrast(first.surface, "#000000")).toBeLessThan(1.5);

  // The popup button on the host page wears its embed's colour, with text that reads on it.
  const button = page.getByRole("button", { name: "Book in yellow" });
  const colours = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });
  // Computed colours may be written in any space (the text's is xyz-d65): the browser paints them to sRGB.
  const painted = (css: string) =>
    page.evaluate((color) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d")!;
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return "#" + Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3), (channel) => channel.toString(16).padStart(2, "0")).join("");
    }, css);
  expect(await painted(colours.background)).toBe("#fde047");
  expect(wcagContrast(await painted(colours.text), "#fde047"), `text ${colours.text}`).toBeGreaterThanOrEqual(4.5);

  // axe on the host page with the dark teal widget and the yellow button (two copies of one
  // widget on a page repeat its named landmarks, a page-author matter axe reports as such).
  await page
    .locator(".bk-embed-inline")
    .nth(1)
    .evaluate((plainWidget) => plainWidget.remove());
  await look("host-page-dark-teal-widget-and-yellow-button");
});

/** The first open start from `from` on, for a booking made with the secret key. */
async function bookThrough(request: APIRequestContext, seeded: Seeded, from: Date): Promise<string> {
  const to = new Date(from.getTime() + 24 * 3_600_000);
  const query = `service_id=${seeded.services.haircut}&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  const answer = (await call(request, "GET", `/v1/availability?${query}`, seeded.sk)).data as { slots: { start: string }[] }[];
  const start = answer.flatMap((calendar) => calendar.slots.map((slot) => slot.start)).sort()[0]!;
  const booking = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.haircut,
    starts_at: start,
    customer: { name: "Lo Go", email: uniqueEmail("logo") },
  });
  return booking.access_token as string;
}

test("a logo that fails to load gives way to the business's name on the booking page, the manage page and the widget", ONCE, async ({ page, request }) => {
  await page.route(`${LOGO_ORIGIN}/**`, (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "gone" }));
  const seeded = await seedBrand(request, { logo_url: `${LOGO_ORIGIN}/gone.svg`, theme: "auto" }, { allowedOrigins: [E2E.hostUrl] });
  const token = await bookThrough(request, seeded, new Date(Date.now() + 48 * 3_600_000));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [where, path] of [
      ["book", `/book/${seeded.slug}`],
      ["manage", `/manage/${token}`],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
      // No broken image left behind: the header holds no image at all, and its name still leads it.
      await expect(page.locator("header img")).toHaveCount(0);
      await page.screenshot({ path: `e2e/artifacts/screens/brand-logo-failed-${where}-${width}.png`, fullPage: true });
    }
  }
  await page.goto(`${E2E.hostUrl}/health`);
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget</title></head><body><main><h1>Our site</h1>` +
      `<script src="${E2E.appUrl}/embed.js" data-slug="${seeded.slug}" data-mode="inline"></script></main></body></html>`,
  );
  const frame = page.frameLocator("iframe.bk-embed-frame");
  await expect(frame.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
  await expect(frame.locator("header img")).toHaveCount(0);
});

test("a dark page shows the dark logo: theme auto on a dark system (and not on a light one), and theme dark", ONCE, async ({ page, request }) => {
  await serveLogos(page);
  // The light logo is the wide one, the dark logo the tall one.
  const seeded = await seedBrand(request, { logo_url: `${LOGO_ORIGIN}/wide.svg`, logo_dark_url: `${LOGO_ORIGIN}/tall-dark.svg`, theme: "auto" });
  const shownLogo = async () => {
    const logo = page.getByRole("img", { name: seeded.name });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    return logo.evaluate((image: HTMLImageElement) => image.currentSrc);
  };
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/book/${seeded.slug}`);
  expect(await shownLogo()).toBe(`${LOGO_ORIGIN}/tall-dark.svg`);
  await page.screenshot({ path: "e2e/artifacts/screens/brand-dark-logo-auto-390.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  expect(await shownLogo()).toBe(`${LOGO_ORIGIN}/wide.svg`);

  await call(request, "PATCH", "/v1/workspace", seeded.sk, { theme: "dark" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  expect(await shownLogo()).toBe(`${LOGO_ORIGIN}/tall-dark.svg`);
  await page.screenshot({ path: "e2e/artifacts/screens/brand-dark-logo-theme-dark-1280.png", fullPage: true });
});
