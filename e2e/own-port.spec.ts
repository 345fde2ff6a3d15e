import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "./support/env";
import { chooseFirstTime, chooseService, fillDetails, uniqueEmail } from "./support/flow";
import { ONCE } from "./support/once";

/**
 * `PORT=… npm start` with no APP_URL: the app's own address follows PORT everywhere. The start
 * banner and the quickstart name that port, the demo booking page opened there takes a booking
 * (its publishable key trusts the page's own origin), and the confirmation email's manage link
 * leads back to it. A server of its own on a fresh embedded database, started as `npm start` does;
 * a second instance on its port gives up at once, and its last test stops it with SIGTERM under a
 * burst of reads (docs/deploy.md, "Stopping an instance").
 */
const PORT = E2E.appPort + 20;
const APP = `http://localhost:${PORT}`;
let server: ChildProcess;
let banner = "";
let dataDir = "";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "own-port-"));
  // The drain's bound is the deployment's (SHUTDOWN_TIMEOUT_MS, 10 s by default); what the SIGTERM
  // test asks is that every request received is answered, so the bound here is far above the
  // drain's time on a busy machine (6.3 s for 200 reads with three busy loops beside it on two cores).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    RUNNER_INTERVAL_MS: "500",
    SHUTDOWN_TIMEOUT_MS: "60000",
  };
  for (const name of ["APP_URL", "DATABASE_URL", "APP_SECRET", "SMTP_URL", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"])
    delete env[name];
  server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (chunk) => (banner += chunk));
  server.stderr!.on("data", (chunk) => (banner += chunk));
  await expect.poll(() => banner, { timeout: 180_000 }).toContain("account key");
});

test.afterAll(async () => {
  if (server?.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("the start banner and the quickstart name the port the app serves on", ONCE, async ({ page }) => {
  expect(banner).toContain(`booking page     ${APP}/book/demo`);
  expect(banner).toContain(`${APP}/docs/quickstart`);
  expect(banner).not.toContain("localhost:3000");
  await page.goto(`${APP}/docs/quickstart`);
  await expect(page.getByText(`export BASE=${APP}`)).toBeVisible();
});

for (const [width, height, nth] of [
  [390, 844, 0],
  [1280, 900, 1],
] as const) {
  test(`the demo booking page on this port books, and the email links back here (${width} px)`, ONCE, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${APP}/book/demo`);
    await chooseService(page, "Quick trim");
    await chooseFirstTime(page, nth);
    const email = uniqueEmail(`own-port-${width}`);
    await fillDetails(page, { name: "Pat Port", email });
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("heading", { name: "You're booked with Demo Studio" })).toBeVisible();
    await expect(page.getByText("Booking isn't available here")).toHaveCount(0);
    await page.screenshot({ path: path.join("e2e", "artifacts", "screens", `own-port-booked-${width}.png`), fullPage: true });

    let text = "";
    await expect
      .poll(async () => {
        const answer = await fetch(`${APP}/dev/outbox/messages?to=${encodeURIComponent(email)}`).then((response) => response.json());
        text = (answer.data as { text: string }[])[0]?.text ?? "";
        return text;
      })
      .toContain("/manage/");
    const link = text.match(/https?:\/\/\S+\/manage\/\S+/)?.[0];
    expect(link, text).toMatch(new RegExp(`^${APP}/manage/`));
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 2, name: /^Quick trim, / })).toBeVisible();
  });
}

test("a second instance on the same port exits 1 and says the port is taken; the first keeps serving", ONCE, async () => {
  const otherDir = mkdtempSync(path.join(os.tmpdir(), "own-port-second-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: otherDir, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  try {
    const second = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    second.stdout!.on("data", (chunk) => (output += chunk));
    second.stderr!.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
    expect(code, output).toBe(1);
    expect(output).toContain(`cannot listen on port ${PORT}: another process is using it`);
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
  } finally {
    rmSync(otherDir, { recursive: true, force: true });
  }
});

test("SIGTERM during a burst of 200 reads answers every one, then exits 0", ONCE, async () => {
  const secretKey = /secret key\s+(sk_\S+)/.exec(banner)?.[1];
  expect(secretKey, banner).toBeTruthy();
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  // Most of these connections are still in the kernel's listen queue when the signal lands:
  // closing the listener then would reset them.
  // 200 clients, a connection each (no keep-alive): a kept-alive connection reused just as the
  // draining server closes it idle is reset by HTTP itself, whatever the server does.
  const written: Promise<unknown>[] = [];
  const reads = Array.from(
    { length: 200 },
    () =>
      new Promise<number | string>((resolve) => {
        const request = http.get(`http://127.0.0.1:${PORT}/v1/services`, { agent: false, headers: { Authorization: `Bearer ${secretKey}` } }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        request.on("error", (error) => resolve(`${error}`));
        written.push(new Promise((sent) => request.once("finish", sent).once("error", sent)));
      }),
  );
  // The signal lands once every request is on the wire, not after a fixed pause: on a busy
  // machine this process can take seconds to write them, and a connection silent that long
  // is one a draining server rightly closes (a browser's preconnect).
  await Promise.all(written);
  server.kill("SIGTERM");
  const statuses = await Promise.all(reads);
  const counts = statuses.reduce<Record<string, number>>((tally, status) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }), {});
  const code = await exited;
  // The server's own account of the drain (its duration, connections cut) says why, if any was not answered.
  const drain = banner.split("\n").filter((line) => /"event":"(signal|draining|drained|exit)"/.test(line));
  expect(counts, drain.join("\n")).toEqual({ 200: 200 });
  expect(code).toBe(0);
  await expect(fetch(`http://127.0.0.1:${PORT}/healthz`)).rejects.toThrow();
});
