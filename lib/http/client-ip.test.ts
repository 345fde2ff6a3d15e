import { describe, expect, it } from "vitest";
import { clientIp, PEER_ADDRESS_HEADER } from "./client-ip";

/** What the server hands a route: the socket's address in its own header, plus whatever the client and the proxies wrote. */
const request = (peer: string, forwardedFor?: string) =>
  new Request("http://app.test/v1/public/workspaces/demo", {
    headers: { [PEER_ADDRESS_HEADER]: peer, ...(forwardedFor === undefined ? {} : { "X-Forwarded-For": forwardedFor }) },
  });

describe("the client IP a rate limit is charged to", () => {
  it("TRUST_PROXY=0: the socket's address, whatever X-Forwarded-For says", () => {
    expect(clientIp(request("198.51.100.9"), 0)).toBe("198.51.100.9");
    expect(clientIp(request("198.51.100.9", "1.2.3.4"), 0)).toBe("198.51.100.9");
    expect(clientIp(request("198.51.100.9", "1.2.3.4, 5.6.7.8"), 0)).toBe("198.51.100.9");
  });

  it("TRUST_PROXY=1: the address the proxy saw, never one the client wrote before it", () => {
    // The proxy appends the client's address to what the client sent.
    expect(clientIp(request("10.0.0.2", "203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIp(request("10.0.0.2", "1.2.3.4, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIp(request("10.0.0.2", "9.9.9.9, 1.2.3.4,203.0.113.7"), 1)).toBe("203.0.113.7");
    // No header (a health check from the proxy itself): the peer.
    expect(clientIp(request("10.0.0.2"), 1)).toBe("10.0.0.2");
  });

  it("TRUST_PROXY=2: the second address from the right (the outer proxy's view)", () => {
    // client → CDN (appends the client) → load balancer (appends the CDN) → app
    expect(clientIp(request("10.0.0.3", "203.0.113.7, 192.0.2.50"), 2)).toBe("203.0.113.7");
    expect(clientIp(request("10.0.0.3", "1.2.3.4, 203.0.113.7, 192.0.2.50"), 2)).toBe("203.0.113.7");
    expect(clientIp(request("10.0.0.3", "6.6.6.6, 1.2.3.4, 203.0.113.7, 192.0.2.50"), 2)).toBe("203.0.113.7");
  });

  it("a client that forges the header never picks its bucket: 35 forged addresses, one IP", () => {
    for (const trustProxy of [0, 1, 2]) {
      const seen = new Set(
        Array.from({ length: 35 }, (_, i) => {
          const forged = `100.64.0.${i}`;
          const appended = ["203.0.113.7", "192.0.2.50"].slice(0, trustProxy).join(", ");
          return clientIp(request("10.0.0.3", appended ? `${forged}, ${appended}` : forged), trustProxy);
        }),
      );
      expect([...seen]).toEqual([trustProxy === 0 ? "10.0.0.3" : "203.0.113.7"]);
    }
  });

  it("an IPv4 peer on a dual-stack socket is written as IPv4", async () => {
    const { normalize } = await import("./client-ip");
    expect(normalize("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalize("::1")).toBe("::1");
  });
});
