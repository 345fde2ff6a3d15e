import type { Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, test } from "./support/journey";
import { seedWorkspace } from "./support/seed";
import { ONCE } from "./support/once";

/**
 * Issue 15, item 5: the widget pasted where it cannot work. A site not on the key's
 * allowed_origins, or a frame that cannot load, gets a plain link to the booking page where
 * the frame would be and a `booking:error` event; the refused frame itself shows our message,
 * never Chromium's grey error box. On an allowed site nothing of this shows.
 */
type HostEvent = { type: string; detail: Record<string, string> };

/** Records every widget event on the host page, booking:error included, from before the page's own scripts run. */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const events: { type: string; detail: unknown }[] = [];
    (window as unknown as { hostEvents: typeof events }).hostEvents = events;
    for (const type of ["ready", "slot_selected", "booking_submitted", "booking_confirmed", "error"]) {
      document.addEventListener(`booking:${type}`, (event) => events.push({ type, detail: (event as CustomEvent).detail }));
    }
  });
}

const hostEvents = (page: Page) => page.evaluate(() => (window as unknown as { hostEvents: HostEvent[] }).hostEvents);

test(
  "a site not on allowed_origins, inline: a plain link to the booking page in place of the frame and booking:error",
  ONCE,
  async ({ page, request, look }) => {
    const seeded = await seedWorkspace(request, { allowedOrigins: [E2E.hostUrl], accountFile: E2E.journeyEmbedAccountFile });
    await recordEvents(page);
    await page.goto(`${E2E.strangerUrl}/?slug=${seeded.slug}&mode=inline`);

    const link = page.getByRole("link", { name: "Book on our booking page" });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", `${E2E.appUrl}/book/${seeded.slug}`);
    await expect(page.getByText("Online booking isn't set up for this website yet.")).toBeVisible();
    await expect(page.locator('iframe[title="Online booking"]')).toHaveCount(0);
    await expect
      .poll(() => hostEvents(page))
      .toEqual([{ type: "error", detail: { reason: "origin_not_allowed", booking_url: `${E2E.appUrl}/book/${seeded.slug}` } }]);
    await look("stranger-inline-fallback");

    // Keyboard: the link is a real link to a working booking page.
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${E2E.appUrl}/book/${seeded.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
  },
);

test("a site not on allowed_origins, popup: the dialog holds the link, focused, and Esc still closes it", ONCE, async ({ page, request, look }) => {
  const seeded = await seedWorkspace(request, { allowedOrigins: [E2E.hostUrl], accountFile: E2E.journeyEmbedAccountFile });
  await recordEvents(page);
  await page.goto(`${E2E.strangerUrl}/?slug=${seeded.slug}&mode=popup`);
  const opener = page.getByRole("button", { name: "Book an appointment" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Book an appointment" });
  const link = dialog.getByRole("link", { name: "Book on our booking page" });
  await expect(link).toBeFocused();
  await expect(dialog.locator("iframe")).toHaveCount(0);
  await expect.poll(async () => (await hostEvents(page)).map((event) => event.detail.reason)).toEqual(["origin_not_allowed"]);
  await look("stranger-popup-fallback");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test(
  "the refused frame itself is our message with the link, never the browser's error box; the flow is never served to it",
  ONCE,
  async ({ page, request, look }) => {
    const seeded = await seedWorkspace(request, { allowedOrigins: [E2E.hostUrl], accountFile: E2E.journeyEmbedAccountFile });
    // A frame pasted by hand (no embed.js, no origin parameter): the Referer names the site.
    await page.goto(`${E2E.strangerUrl}/health`);
    await page.evaluate((src) => {
      document.documentElement.lang = "en";
      document.title = "A site not on the list";
      document.body.replaceChildren();
      const main = document.createElement("main");
      const iframe = document.createElement("iframe");
      iframe.title = "Booking";
      iframe.style.cssText = "width:100%;max-width:720px;height:420px;border:1px solid #888";
      iframe.src = src;
      main.append(iframe);
      document.body.append(main);
    }, `${E2E.appUrl}/embed/${seeded.slug}`);
    const frame = page.frameLocator('iframe[title="Booking"]');
    await expect(frame.getByRole("heading", { level: 1, name: "Online booking isn't set up for this website" })).toBeVisible();
    await expect(frame.getByText(`You can still book with ${seeded.name} on their own booking page.`)).toBeVisible();
    const link = frame.getByRole("link", { name: /Open the booking page/ });
    await expect(link).toHaveAttribute("href", `${E2E.appUrl}/book/${seeded.slug}`);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(frame.getByRole("button")).toHaveCount(0);
    await look("refused-frame-is-ours");

    // Over HTTP: that page may be framed by the site it names and no other; the flow keeps the list.
    const refused = await request.get(`/embed/${seeded.slug}`, { headers: { Referer: `${E2E.strangerUrl}/`, "Sec-Fetch-Dest": "iframe" } });
    expect(refused.headers()["content-security-policy"]).toBe(`frame-ancestors 'self' ${E2E.strangerUrl}`);
    // The flow's data never reaches that site: none of the business's services are in the page. (The page's
    // messages, every namespace of its language, now travel with it, so a UI phrase proves nothing here.)
    const refusedHtml = await refused.text();
    expect(refusedHtml).not.toContain("Quick trim");
    expect(refusedHtml).not.toContain("Wash, cut and style.");
    const allowed = await request.get(`/embed/${seeded.slug}?origin=${encodeURIComponent(E2E.hostUrl)}`, { headers: { "Sec-Fetch-Dest": "iframe" } });
    expect(allowed.headers()["content-security-policy"]).toBe(`frame-ancestors 'self' ${E2E.appUrl} ${E2E.hostUrl}`);
  },
);

test(
  "a frame that cannot load: after its grace the link and booking:error 'unavailable'; an allowed site that loads gets neither",
  ONCE,
  async ({ page, request, look }) => {
    const seeded = await seedWorkspace(request, { allowedOrigins: [E2E.hostUrl], accountFile: E2E.journeyEmbedAccountFile });
    await recordEvents(page);
    // The control first: on the allowed site the flow shows and stays, well past the grace.
    await page.goto(`${E2E.hostUrl}/?slug=${seeded.slug}&mode=inline`);
    const frame = page.frameLocator('iframe[title="Online booking"]');
    await expect(frame.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
    await page.waitForTimeout(9_000);
    expect((await hostEvents(page)).map((event) => event.type)).toEqual(["ready"]);
    await expect(page.getByRole("link", { name: "Book on our booking page" })).toHaveCount(0);

    // The booking server cannot be reached from this page.
    await page.route(`${E2E.appUrl}/embed/**`, (route) => route.abort("connectionrefused"));
    await page.reload();
    const link = page.getByRole("link", { name: "Book on our booking page" });
    await expect(link).toBeVisible({ timeout: 35_000 });
    await expect(page.getByText("Online booking couldn't load here.")).toBeVisible();
    await expect(page.locator('iframe[title="Online booking"]')).toBeHidden();
    expect(await hostEvents(page)).toEqual([{ type: "error", detail: { reason: "unavailable", booking_url: `${E2E.appUrl}/book/${seeded.slug}` } }]);
    await look("unavailable-fallback");
  },
);
