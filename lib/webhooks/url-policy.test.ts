import { describe, expect, it } from "vitest";
import { endpointUrlProblem, guardedLookup, isBlockedAddress } from "./url-policy";

describe("isBlockedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "::",
    "::1",
    "fe80::1",
    "fd12:3456::1",
    "fc00::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::7f00:1",
    "64:ff9b::10.0.0.1",
    "2001:db8::1",
    "not an address",
  ])("blocks %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])("allows %s", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe("endpointUrlProblem", () => {
  it("with dev tools off: https only, no address literal or loopback name that is blocked", () => {
    const off = { devTools: false };
    expect(endpointUrlProblem("https://hooks.example.com/x", off)).toBeUndefined();
    expect(endpointUrlProblem("https://8.8.8.8/x", off)).toBeUndefined();
    expect(endpointUrlProblem("http://hooks.example.com/x", off)).toBe("must use https");
    expect(endpointUrlProblem("https://LOCALHOST./x", off)).toBe("must not point at a loopback host");
    expect(endpointUrlProblem("https://0x7f.0.0.1/x", off)).toBe("must not point at a private, loopback or link-local address");
    expect(endpointUrlProblem("https://[::ffff:192.168.0.1]/x", off)).toBe("must not point at a private, loopback or link-local address");
    expect(endpointUrlProblem("ftp://hooks.example.com/x", off)).toBe("must be an http or https URL");
    expect(endpointUrlProblem("nonsense", off)).toBe("must be an absolute URL");
  });

  it("with dev tools on: any http or https URL, nothing else", () => {
    const on = { devTools: true };
    expect(endpointUrlProblem("http://127.0.0.1:3000/x", on)).toBeUndefined();
    expect(endpointUrlProblem("https://localhost/x", on)).toBeUndefined();
    expect(endpointUrlProblem("file:///etc/passwd", on)).toBe("must be an http or https URL");
  });
});

describe("guardedLookup", () => {
  it("refuses a name that resolves to a blocked address, after resolution", async () => {
    const error = await new Promise<Error | null>((resolve) => guardedLookup("localhost", { all: true }, (err) => resolve(err)));
    expect(error?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private, loopback or link-local address$/);
  });

  it("passes through a resolver failure", async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup("no-such-host.invalid", {}, (err) => resolve(err)));
    expect(error).not.toBeNull();
  });
});
