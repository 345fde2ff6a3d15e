import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/helpers/webhook-receiver";
import { postWebhook } from "./post-webhook";

// A name whose DNS answer is a loopback address (as after a rebinding): the check must
// happen on the resolved address, since the name itself looks harmless.
vi.mock("node:dns", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:dns")>();
  const lookup = (hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    if (hostname === "hooks.rebound.test") return callback(null, [{ address: "127.0.0.1", family: 4 }]);
    if (hostname === "hooks.public.test")
      return callback(null, [
        { address: "192.0.2.10", family: 4 },
        { address: "93.184.215.14", family: 4 },
      ]);
    return (actual.lookup as (...args: unknown[]) => void)(hostname, options, callback);
  };
  return { ...actual, lookup, default: { ...actual, lookup } };
});

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const base = { body: "{}", headers: { "Content-Type": "application/json" } };

describe("postWebhook", () => {
  it("refuses, after DNS resolution, a name that resolves to a loopback address", async () => {
    receiver = await startWebhookReceiver();
    const port = new URL(receiver.url).port;
    const outcome = await postWebhook({ ...base, url: `https://hooks.rebound.test:${port}/hooks`, allowAnyAddress: false });
    expect(outcome).toEqual({ ok: false, responseStatus: null, error: expect.stringContaining("hooks.rebound.test resolves to 127.0.0.1") });
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses when any one of the resolved addresses is blocked", async () => {
    const outcome = await postWebhook({ ...base, url: "https://hooks.public.test/hooks", allowAnyAddress: false });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining("resolves to 192.0.2.10") });
  });

  it("refuses plain http and address literals before connecting", async () => {
    receiver = await startWebhookReceiver();
    expect(await postWebhook({ ...base, url: receiver.url, allowAnyAddress: false })).toEqual({
      ok: false,
      responseStatus: null,
      error: "URL refused: must use https",
    });
    expect(await postWebhook({ ...base, url: receiver.url.replace("http:", "https:"), allowAnyAddress: false })).toMatchObject({
      ok: false,
      error: "URL refused: must not point at a private, loopback or link-local address",
    });
    expect(receiver.received).toHaveLength(0);
  });

  it("sends the body and headers as given and reports the status", async () => {
    receiver = await startWebhookReceiver();
    receiver.reply({ status: 202 });
    const outcome = await postWebhook({ url: receiver.url, body: '{"x":"ü"}', headers: { "Booking-Event": "booking.created" }, allowAnyAddress: true });
    expect(outcome).toEqual({ ok: true, responseStatus: 202 });
    expect(receiver.received[0]!.rawBody).toBe('{"x":"ü"}');
    expect(receiver.received[0]!.headers["booking-event"]).toBe("booking.created");
    expect(receiver.received[0]!.headers["content-length"]).toBe(String(Buffer.byteLength('{"x":"ü"}')));
  });

  it("cuts the attempt off at the time-out", async () => {
    receiver = await startWebhookReceiver();
    receiver.reply({ status: 200, delayMs: 2_000 });
    const started = performance.now();
    const outcome = await postWebhook({ ...base, url: receiver.url, allowAnyAddress: true, timeoutMs: 200 });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(outcome).toEqual({ ok: false, responseStatus: null, error: "Timed out after 0.2 seconds" });
  });

  it("a 2xx counts at the status line, and a body that never ends is cut off at the time-out", async () => {
    let closedAt = 0;
    const server = http.createServer((_request, response) => {
      response.writeHead(200);
      response.write("partial");
      response.on("close", () => (closedAt = performance.now()));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const started = performance.now();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      expect(await postWebhook({ ...base, url, allowAnyAddress: true, timeoutMs: 300 })).toEqual({ ok: true, responseStatus: 200 });
      expect(performance.now() - started).toBeLessThan(250);
      await vi.waitFor(() => expect(closedAt).toBeGreaterThan(0), { timeout: 2_000, interval: 20 });
      expect(closedAt - started).toBeGreaterThanOrEqual(290);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
