import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "config-test-"));

describe("parseConfig", () => {
  it("defaults to the embedded database with dev tools on and a generated, persisted secret", () => {
    const dir = dataDir();
    const config = parseConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      isEmbedded: true,
      devTools: true,
      port: 3000,
      appUrl: "http://localhost:3000",
      appOrigin: "http://localhost:3000",
      trustProxy: 0,
    });
    expect(config.appSecret).toBe(readFileSync(path.join(dir, "app-secret"), "utf8"));
    expect(parseConfig({ DATA_DIR: dir }).appSecret).toBe(config.appSecret);
  });

  it("turns dev tools off with DATABASE_URL and requires APP_SECRET there", () => {
    expect(() => parseConfig({ DATABASE_URL: "postgres://u@127.0.0.1/db" })).toThrow(/APP_SECRET/);
    const config = parseConfig({ DATABASE_URL: "postgres://u@127.0.0.1/db", APP_SECRET: "s".repeat(32) });
    expect(config).toMatchObject({ isEmbedded: false, devTools: false });
    expect(parseConfig({ DATABASE_URL: "postgres://u@127.0.0.1/db", APP_SECRET: "s".repeat(32), DEV_TOOLS: "1" }).devTools).toBe(true);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ APP_URL: "ftp://example.com" }, "APP_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DEV_TOOLS: "maybe" }, "DEV_TOOLS"],
    [{ STRIPE_SECRET_KEY: "pk_live_x" }, "STRIPE_SECRET_KEY"],
    [{ APP_SECRET: "short" }, "APP_SECRET"],
  ])("stops with a message naming the bad setting: %o", (env, name) => {
    try {
      parseConfig({ DATA_DIR: dataDir(), ...env });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(`Invalid setting ${name}`);
    }
  });

  it("production (NODE_ENV=production or a DATABASE_URL) seeds nothing and has no dev tools unless asked", () => {
    const dir = dataDir();
    expect(parseConfig({ DATA_DIR: dir, NODE_ENV: "development" })).toMatchObject({ production: false, seedDemo: true, devTools: true });
    expect(parseConfig({ DATA_DIR: dir, NODE_ENV: "production" })).toMatchObject({ production: true, seedDemo: false, devTools: false });
    const pg = { DATABASE_URL: "postgres://u@127.0.0.1/db", APP_SECRET: "s".repeat(32) };
    expect(parseConfig(pg)).toMatchObject({ production: true, seedDemo: false, devTools: false });
    expect(parseConfig({ ...pg, SEED_DEMO: "1", DEV_TOOLS: "1" })).toMatchObject({ seedDemo: true, devTools: true });
    // `npm start` keeps the operator's NODE_ENV before Next.js sets its own.
    expect(parseConfig({ DATA_DIR: dir, NODE_ENV: "production", BOOKING_NODE_ENV: "unset" })).toMatchObject({ production: false, seedDemo: true });
    expect(parseConfig({ DATA_DIR: dir, NODE_ENV: "production", BOOKING_NODE_ENV: "production" })).toMatchObject({ production: true, devTools: false });
  });

  it("TRUST_PROXY counts proxies: 0 by default, a small whole number otherwise", () => {
    expect(parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(() => parseConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "true" })).toThrow(/Invalid setting TRUST_PROXY/);
  });

  it("without APP_URL, follows PORT: the app's URL, its origin and the loopback names a key trusts", () => {
    const config = parseConfig({ DATA_DIR: dataDir(), PORT: "3300" });
    expect(config).toMatchObject({ port: 3300, appUrl: "http://localhost:3300", appOrigin: "http://localhost:3300" });
    expect(config.ownOrigins).toEqual(["http://localhost:3300", "http://127.0.0.1:3300", "http://[::1]:3300"]);
  });

  it("with APP_URL, trusts that origin alone, whatever PORT is", () => {
    const config = parseConfig({ DATA_DIR: dataDir(), PORT: "3300", APP_URL: "https://book.example.com/" });
    expect(config).toMatchObject({ port: 3300, appUrl: "https://book.example.com", appOrigin: "https://book.example.com" });
    expect(config.ownOrigins).toEqual(["https://book.example.com"]);
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ DATA_DIR: dataDir(), DATABASE_URL: "", PORT: "" })).toMatchObject({ isEmbedded: true, port: 3000 });
  });
});
