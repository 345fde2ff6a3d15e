import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

/** Runs the CLI as an operator would, on its own embedded database. */
async function cli(dataDir: string, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "lib/cli/main.ts", ...args], { env, cwd: process.cwd() });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("command line", () => {
  // One embedded database for the file, as an operator's DATA_DIR: its first command creates and
  // migrates it (seconds), the others open it.
  const dir = mkdtempSync(path.join(os.tmpdir(), "cli-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates accounts, mints account keys, changes plans, each as one JSON line", async () => {
    const created = await cli(dir, "account", "create", "--name", "Acme", "--plan", "starter", "--plan-step", "2");
    expect(created.code).toBe(0);
    expect(created.stdout.trim().split("\n")).toHaveLength(1);
    const account = JSON.parse(created.stdout);
    expect(account).toEqual({
      id: expect.any(String),
      name: "Acme",
      plan: "starter",
      plan_step: 2,
      account_key: expect.stringMatching(/^ak_[0-9A-Za-z]{32,}$/),
    });

    const key = await cli(dir, "account", "key", "--account", account.id);
    expect(JSON.parse(key.stdout)).toEqual({ account_id: account.id, account_key: expect.stringMatching(/^ak_/) });

    const plan = await cli(dir, "account", "plan", "--account", account.id, "--plan", "pro", "--plan-step", "5");
    expect(JSON.parse(plan.stdout)).toMatchObject({ id: account.id, plan: "pro", plan_step: 5 });
  }, 180_000);

  it("refuses bad input plainly, with a non-zero exit and nothing on stdout", async () => {
    const noName = await cli(dir, "account", "create");
    expect(noName.code).not.toBe(0);
    expect(noName.stdout).toBe("");
    expect(noName.stderr).toContain("--name is required");
    const badStep = await cli(dir, "account", "create", "--name", "x", "--plan", "free", "--plan-step", "4");
    expect(badStep.code).not.toBe(0);
    expect(badStep.stderr).toMatch(/plan free has no step 4/i);
    const unknown = await cli(dir, "account", "plan", "--account", "00000000-0000-4000-8000-000000000000", "--plan", "pro", "--plan-step", "1");
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("not_found");
    const usage = await cli(dir, "bogus");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage");
  }, 180_000);

  it("seeds the demo workspace once and shows it afterwards", async () => {
    const first = JSON.parse((await cli(dir, "demo")).stdout);
    expect(first).toMatchObject({ slug: "demo", created: true, booking_page_url: "http://localhost:3000/book/demo" });
    expect(first.secret_key).toMatch(/^sk_/);
    expect(first.publishable_key).toMatch(/^pk_/);
    const second = JSON.parse((await cli(dir, "demo")).stdout);
    expect(second).toMatchObject({ slug: "demo", created: false, secret_key: first.secret_key, publishable_key: first.publishable_key });
  }, 180_000);
});
