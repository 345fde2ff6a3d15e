import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { startSmtpServer, type SmtpServer } from "../tests/helpers/smtp";
import { findPart } from "../tests/helpers/mime";
import { E2E } from "./support/env";
import { chooseFirstTime, chooseService, fillDetails, uniqueEmail } from "./support/flow";
import { ONCE } from "./support/once";

/**
 * Issue 27: the customer's own formats reach their emails. A browser in en-US books on the page
 * and its confirmation, read from a real SMTP server, writes the time as the page did ("9:45 AM");
 * a browser in en-GB reads "09:45" in both. A server of its own (fresh embedded database, SMTP_URL
 * pointed at the test's SMTP server), started as `npm start` does.
 */
const PORT = E2E.appPort + 21;
const APP = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
let smtp: SmtpServer;
let output = "";
let dataDir = "";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  smtp = startSmtpServer();
  const smtpPort = await smtp.listening;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "customer-locale-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", RUNNER_INTERVAL_MS: "500" };
  for (const name of ["DATABASE_URL", "APP_SECRET", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"]) delete env[name];
  Object.assign(env, { APP_URL: APP, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SMTP_FROM: "Bookings <bookings@locale.test>" });
  server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 180_000 }).toContain("account key");
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((resolve) => server?.once("exit", resolve));
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Books the demo's quick trim as a browser in `locale` would; answers the time the page showed and the email's text. */
async function bookIn(browser: Browser, locale: string, width: number, nth: number) {
  const context = await browser.newContext({ locale, timezoneId: "Europe/London", viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await context.newPage();
  await page.goto(`${APP}/book/demo`);
  await chooseService(page, "Quick trim");
  const label = await chooseFirstTime(page, nth);
  // Lower case: the API stores an email address as it is delivered to (lower-cased).
  const email = uniqueEmail(`locale-${locale.toLowerCase()}-${width}`);
  await fillDetails(page, { name: "Lee Locale", email });
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { name: "You're booked with Demo Studio" })).toBeVisible();
  const folder = path.join("e2e", "artifacts", "screens", "customer-locale");
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${locale}-${width}.png`), fullPage: true });
  await context.close();

  await expect.poll(() => smtp.received.filter((item) => item.to === email).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const mail = smtp.received.find((item) => item.to === email)!;
  return { label, text: findPart(mail.message, "text/plain")!.body };
}

/**
 * "9:45 AM" or "09:45": the first clock time in a text, its space made plain (Chromium writes
 * "9:45 AM" with a space, Node's ICU with U+202F; both are the same time to a reader).
 */
const clockTime = (text: string) => text.match(/\d{1,2}:\d{2}(?:\s?[AP]M)?/)?.[0]?.replace(/\s/g, " ");
const plain = (text: string | undefined) => text?.replace(/\s/g, " ");

for (const [width, nth] of [
  [390, 0],
  [1280, 1],
] as const) {
  test(`an en-US customer reads the time in the email as on the page, with AM/PM (${width} px)`, ONCE, async ({ browser }) => {
    const { label, text } = await bookIn(browser, "en-US", width, nth);
    const shown = clockTime(label);
    expect(shown, label).toMatch(/^\d{1,2}:\d{2}\s[AP]M$/);
    const when = plain(text.split("\n").find((line) => line.startsWith("When: ")));
    expect(when, text).toBeDefined();
    expect(when).toContain(shown!);
    expect(when).toMatch(/^When: \w+day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M–\d{1,2}:\d{2}\s[AP]M \(/);
  });

  test(`an en-GB customer reads 24-hour times in the email, as on the page (${width} px)`, ONCE, async ({ browser }) => {
    const { label, text } = await bookIn(browser, "en-GB", width, nth);
    const shown = clockTime(label);
    expect(shown, label).toMatch(/^\d{2}:\d{2}$/);
    const when = plain(text.split("\n").find((line) => line.startsWith("When: ")));
    expect(when, text).toContain(`${shown}–`);
    expect(when).not.toMatch(/[AP]M/);
  });
}
