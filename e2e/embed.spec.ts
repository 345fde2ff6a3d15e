import { E2E } from "./support/env";
import { seedWorkspace } from "./support/seed";
import { expect, test } from "./support/fixtures";
import { firstTime, uniqueEmail } from "./support/flow";

const FRAME = 'iframe[title="Online booking"]';

test("inline on another origin: sized to its content, events to the host page with id, status and start only", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request, { allowedOrigins: [E2E.hostUrl] });
  await page.goto(`${E2E.hostUrl}/?slug=${seeded.slug}&mode=inline`);
  const frame = page.frameLocator(FRAME);
  await expect(frame.getByRole("heading", { level: 1, name: seeded.name })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { widgetEvents: { type: string }[] }).widgetEvents.map((e) => e.type))).toContain("ready");
  // Resized to the content: no inner scrollbar.
  const framed = page.frame({ url: /\/embed\// })!;
  await expect
    .poll(async () => {
      const outer = await page.locator(FRAME).evaluate((iframe: HTMLIFrameElement) => iframe.clientHeight);
      const inner = await framed.evaluate(() => document.documentElement.scrollHeight);
      return Math.abs(outer - inner);
    })
    .toBeLessThanOrEqual(1);
  await checkpoint("inline-services");

  await frame.getByRole("button", { name: /^Haircut/ }).click();
  // Not a time a moment away: it would pass while the test fills in the details.
  const slot = await firstTime(frame);
  const start = (await slot.getAttribute("data-start"))!;
  await slot.click();
  await checkpoint("inline-details");
  await frame.getByLabel("Full name").fill("Jo Kerr");
  await frame.getByLabel("Email").fill(uniqueEmail("embed"));
  await frame.getByRole("button", { name: "Book appointment" }).click();
  await expect(frame.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
  await expect(frame.getByRole("link", { name: /Change or cancel this booking/ })).toHaveAttribute("target", "_blank");
  await checkpoint("inline-confirmed");

  const events = await page.evaluate(() => (window as unknown as { widgetEvents: { type: string; detail: Record<string, string> }[] }).widgetEvents);
  expect(events.map((event) => event.type)).toEqual(["ready", "slot_selected", "booking_submitted", "booking_confirmed"]);
  expect(events[1]!.detail).toEqual({ starts_at: start });
  const confirmed = events[3]!.detail;
  expect(Object.keys(confirmed).sort()).toEqual(["id", "starts_at", "status"]);
  expect(confirmed).toMatchObject({ status: "confirmed", starts_at: start });
  expect(JSON.stringify(events)).not.toMatch(/access_token|manage|Jo Kerr/);
});

test("popup: an accessible modal that traps focus, closes on Esc from inside the frame and returns focus", async ({ page, request, checkpoint }) => {
  const seeded = await seedWorkspace(request, { allowedOrigins: [E2E.hostUrl] });
  await page.goto(`${E2E.hostUrl}/?slug=${seeded.slug}&mode=popup`);
  const opener = page.getByRole("button", { name: "Book an appointment" });
  await checkpoint("popup-closed");

  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Book an appointment" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  const frame = page.frameLocator(FRAME);
  await expect(frame.getByRole("heading", { level: 1, name: seeded.name })).toBeFocused();
  await checkpoint("popup-open");

  // Esc pressed inside the frame never reaches the host page; the frame asks it to close.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Focus stays inside: tabbing backwards from the close button wraps into the dialog.
  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close booking" }).focus();
  await page.keyboard.press("Shift+Tab");
  const focusInside = await page.evaluate(() => document.querySelector(".bk-embed-dialog")?.contains(document.activeElement) ?? false);
  expect(focusInside).toBe(true);
  await dialog.getByRole("button", { name: "Close booking" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("an origin not on the key's allowed_origins cannot frame the booking page", async ({ page, request }) => {
  const seeded = await seedWorkspace(request, { allowedOrigins: [E2E.hostUrl] });
  const direct = await request.get(`/embed/${seeded.slug}`);
  expect(direct.headers()["content-security-policy"]).toBe(`frame-ancestors 'self' ${E2E.appUrl} ${E2E.hostUrl}`);

  await page.goto(`${E2E.strangerUrl}/?slug=${seeded.slug}&mode=inline`);
  await page.waitForTimeout(3000);
  const embedFrame = page.frames().find((frame) => frame !== page.mainFrame());
  // A refused frame shows the browser's own error page (which has an h1 of its own): never our page.
  const framedHeading = embedFrame
    ? await embedFrame
        .locator("h1", { hasText: seeded.name })
        .count()
        .catch(() => 0)
    : 0;
  expect(framedHeading).toBe(0);
  const events = await page.evaluate(() => (window as unknown as { widgetEvents: unknown[] }).widgetEvents);
  expect(events).toEqual([]);
});
