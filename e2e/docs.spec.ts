import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { verifyBookingSignature } from "../app/docs/webhooks/verify-booking-signature";
import { ALLOW_ORIGIN_COMMANDS } from "../app/docs/embedding/snippets";
import { listQuickstartSteps } from "../app/docs/quickstart/steps";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/env";
import { ONCE } from "./support/once";

/**
 * The integrator's first pages: `/` and `/docs` in Chromium, with every request recorded to
 * prove nothing leaves our origin (no CDN, no fonts, no telemetry: it works offline), the
 * reference rendered from the served document, "try it" answered by this server, the guides
 * accessible from 320 px, and the quickstart's curls run exactly as printed.
 */
const GUIDES = [
  "/docs/quickstart",
  "/docs/webhooks",
  "/docs/embedding",
  "/docs/external-calendars",
  "/docs/test-mode",
  "/docs/errors",
  "/docs/group-sessions",
  "/docs/series-and-waitlists",
];

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

function foreign(urls: string[]): string[] {
  return urls.filter((url) => !url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== E2E.appUrl);
}

async function expectNoSideScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 700 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ request }) => {
  await request.delete("/dev/clock");
});

test(
  "the landing page says what this is, links onward, and tells a developer where the demo keys are without showing them",
  ONCE,
  async ({ page, checkpoint }) => {
    const requests = recordRequests(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Appointment booking" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Try the demo booking page/ })).toHaveAttribute("href", "/book/demo");
    await expect(page.getByRole("link", { name: /Read the docs/ })).toHaveAttribute("href", "/docs");
    await expect(page.getByRole("link", { name: /OpenAPI document/ })).toHaveAttribute("href", "/v1/openapi.json");
    await expect(page.getByRole("heading", { name: "Running it yourself" })).toBeVisible();
    await expect(page.getByText("demo-keys.json")).toBeVisible();
    expect(await page.content()).not.toMatch(/\b(sk|ak)_[0-9A-Za-z]{20,}/);
    await expectNoSideScroll(page);
    await checkpoint("landing");

    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: /Try the demo booking page/ })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/book\/demo$/);
    expect(foreign(requests)).toEqual([]);
  },
);

test("/docs renders the API reference from the served document, offline, and its try-it reaches this server", ONCE, async ({ page, request, checkpoint }) => {
  const requests = recordRequests(page);
  // Anything that tried to leave would fail here as it would offline; the list above proves none tried.
  await page.route(
    (url) => url.origin !== E2E.appUrl,
    (route) => route.abort(),
  );
  await page.goto("/docs");
  // The reference parses the whole document in the browser: allow for a busy CI machine.
  await expect(page.getByRole("heading", { name: "Appointment Booking API" }).first()).toBeVisible({ timeout: 60_000 });
  const sidebar = page.getByRole("complementary", { name: /Sidebar for Appointment Booking API/ });
  await expect(sidebar.getByRole("link", { name: /Create a workspace/ })).toBeVisible();
  expect(requests).toContain(`${E2E.appUrl}/v1/openapi.json`);
  await expect(page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "API reference" })).toHaveAttribute("aria-current", "page");
  await expectNoSideScroll(page);
  await checkpoint("reference");

  // Try it with a real secret key: the reference's client sends to the document's server, this one.
  const accountKey = (JSON.parse(readFileSync(E2E.accountFile, "utf8")) as { account_key: string }).account_key;
  const workspace = await request.post("/v1/account/workspaces", {
    headers: { Authorization: `Bearer ${accountKey}` },
    data: { name: "Try it", timezone: "Europe/London", with_secret_key: true },
  });
  const secretKey = ((await workspace.json()) as { secret_key: string }).secret_key;
  await page.goto("/docs#tag/bookings/GET/v1/bookings");
  await page.getByRole("button", { name: "Test Request (get /v1/bookings)" }).click();
  await page.getByPlaceholder("Token").fill(secretKey);
  const sent = page.waitForResponse((response) => response.url().startsWith(`${E2E.appUrl}/v1/bookings`));
  await page.getByRole("button", { name: `Send get request to ${E2E.appUrl}/v1/bookings` }).click();
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(answer.request().headers().authorization).toBe(`Bearer ${secretKey}`);
  await expect(page.getByText("200 OK")).toBeVisible();
  await expect(page.getByTestId("response-body-raw").getByText('"next_cursor"')).toBeVisible();
  // Scalar's request client (the open dialog) carries upstream axe findings (its CodeMirror inputs
  // and popovers), so this state is looked at, not axe-checked; the reference itself is.
  await page.screenshot({ path: "e2e/artifacts/screens/docs-try-it.png" });
  expect(foreign(requests)).toEqual([]);
});

test("the guides are reachable by keyboard, accessible and readable from 320 px", ONCE, async ({ page, checkpoint }) => {
  const requests = recordRequests(page);
  await page.goto("/docs/quickstart");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  for (const path of GUIDES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Documentation" }).locator("a[aria-current=page]")).toHaveAttribute("href", path);
    await expectNoSideScroll(page);
    await checkpoint(path.split("/").pop()!);
  }
  await page.goto("/docs/errors");
  await expect(page.getByRole("cell", { name: "idempotency_mismatch", exact: true })).toBeVisible();
  expect(foreign(requests)).toEqual([]);
});

test("the quickstart's commands, run as printed, book and deliver a signed webhook", ONCE, async ({ page }) => {
  const received: { headers: IncomingHttpHeaders; raw: Buffer }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;

  // The page shows the same steps the script runs, with this server's URL.
  await page.goto("/docs/quickstart");
  const steps = listQuickstartSteps(E2E.appUrl);
  for (const step of steps) await expect(page.getByText(step.code.split("\n")[0]!, { exact: false }).first()).toBeVisible();

  const accountKey = (JSON.parse(readFileSync(E2E.accountFile, "utf8")) as { account_key: string }).account_key;
  const script = ["set -euo pipefail", ...steps.slice(1).map((step) => step.code), ALLOW_ORIGIN_COMMANDS, `echo "WEBHOOK_SECRET=$WEBHOOK_SECRET"`].join("\n");
  // Run without blocking this process: the receiver above must answer the delivery the script waits for.
  const { stdout: output } = await promisify(execFile)("bash", ["-c", script], {
    encoding: "utf8",
    env: { ...process.env, BASE: E2E.appUrl, AK: accountKey, WEBHOOK_URL: `http://127.0.0.1:${port}/hooks` },
    timeout: 120_000,
  });
  expect(output).toContain('"status": "confirmed"');
  expect(output).toContain('"label": "Anything we should know? Allergies, accessibility needs"');
  expect(output).toContain('"frontdesk@harbour-hair.example"');
  expect(output).toContain('"cancelled"');
  // Step 6 ends with the delivery's outcome, not a "pending" row with no attempt yet (issue 27).
  expect(output).toMatch(/"event_type": "booking.cancelled",\s*"status": "succeeded",\s*"attempts": 1,\s*"response_status": 204,\s*"last_error": null/);
  expect(output).toContain('["https://www.your-site.example"]');
  const secret = output.match(/WEBHOOK_SECRET=(whsec_\w+)/)![1]!;

  await expect
    .poll(async () => {
      await page.request.post("/dev/jobs/run");
      return received.length;
    })
    .toBeGreaterThan(0);
  receiver.close();
  const [delivery] = received;
  expect(delivery!.headers["booking-event"]).toBe("booking.cancelled");
  expect(verifyBookingSignature(delivery!.raw, String(delivery!.headers["booking-signature"]), secret)).toBe(true);
});
