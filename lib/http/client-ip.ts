/**
 * The client's IP address, the key of the per-IP rate limits (see docs/deploy.md, "Client
 * addresses"). `TRUST_PROXY` is the number of proxies in front of the app:
 *
 * - 0 (the default): the TCP peer's address; `X-Forwarded-For` is ignored, whatever it says.
 * - N: the N-th address from the right of `X-Forwarded-For`, the one the outermost trusted
 *   proxy saw. Each proxy appends the address it was reached from, so everything left of it
 *   was written by the client and is never read.
 *
 * The server (lib/http/server.ts) writes the peer's address into PEER_ADDRESS_HEADER on every
 * request, replacing whatever a client sent under that name.
 */
export const PEER_ADDRESS_HEADER = "x-booking-peer-address";

export function clientIp(request: Request, trustProxy: number): string {
  const peer = request.headers.get(PEER_ADDRESS_HEADER) ?? "unknown";
  if (trustProxy <= 0) return peer;
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return peer;
  // Fewer hops than proxies: the leftmost was still written by a trusted proxy (a client can only add on the left).
  return normalize(hops[Math.max(0, hops.length - trustProxy)] ?? peer);
}

/** `::ffff:203.0.113.7` (an IPv4 peer on a dual-stack socket) is 203.0.113.7; at most 64 characters. */
export function normalize(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1").slice(0, 64) || "unknown";
}
