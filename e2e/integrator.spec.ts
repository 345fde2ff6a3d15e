import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { E2E } from "./support/env";
import { ONCE } from "./support/once";

/**
 * What a new integrator does: generate a TypeScript client from the served document with
 * openapi-typescript, type-check their script against it with `tsc --strict`, and run it
 * against the server (e2e/client/quickstart-client.ts). Drift between the document and the
 * behaviour fails the type check (a field, parameter, header or error type the document
 * lacks) or the run (an answer the document mis-describes).
 */
const WORK = path.resolve("e2e", "artifacts", "client");

function run(command: string, args: string[], env: Record<string, string> = {}): string {
  try {
    return execFileSync(command, args, { encoding: "utf8", env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], timeout: 180_000 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${failed.stdout ?? ""}\n${failed.stderr ?? failed.message}`);
  }
}

test.beforeEach(async ({ request }) => {
  await request.delete("/dev/clock");
});

test(
  "a client generated from /v1/openapi.json type-checks with tsc --strict and runs the quickstart, replay, paging, moves and signed webhooks",
  ONCE,
  async ({ request }) => {
    test.setTimeout(300_000);
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
    const served = await request.get("/v1/openapi.json");
    expect(served.ok()).toBe(true);
    writeFileSync(path.join(WORK, "openapi.json"), await served.text());

    run(process.execPath, [
      "--import",
      "./e2e/client/typescript-5.mjs",
      "node_modules/openapi-typescript/bin/cli.js",
      path.join(WORK, "openapi.json"),
      "-o",
      path.join(WORK, "schema.d.ts"),
    ]);
    copyFileSync("e2e/client/quickstart-client.ts", path.join(WORK, "quickstart-client.ts"));
    copyFileSync("app/docs/webhooks/verify-booking-signature.ts", path.join(WORK, "verify-booking-signature.ts"));
    writeFileSync(
      path.join(WORK, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          lib: ["ES2023", "DOM"],
          module: "esnext",
          moduleResolution: "bundler",
          types: ["node"],
          skipLibCheck: false,
        },
        files: ["schema.d.ts", "quickstart-client.ts", "verify-booking-signature.ts"],
      }),
    );
    run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", path.join(WORK, "tsconfig.json")]);

    const accountKey = (JSON.parse(readFileSync(E2E.accountFile, "utf8")) as { account_key: string }).account_key;
    const output = run("npx", ["tsx", path.join(WORK, "quickstart-client.ts")], {
      BASE_URL: E2E.appUrl,
      ACCOUNT_KEY: accountKey,
      RECEIVER_PORT: String(E2E.appPort + 5),
    });
    const summary = JSON.parse(output.trim().split("\n").pop()!) as { ok: boolean; bookings: number; pages: number; deliveries: number; verified: number };
    expect(summary).toEqual({ ok: true, bookings: 3, pages: 2, deliveries: 5, verified: 5 });
  },
);
