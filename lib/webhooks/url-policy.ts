import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

/**
 * docs/decisions.md#safety: webhook URLs are https only and never reach a private, loopback or link-local
 * address, unless dev tools are on. Checked on the URL at create/PATCH time, and on every
 * resolved address at delivery time (the connection uses exactly the addresses checked, so a
 * DNS answer that changes between check and connect cannot slip through).
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback, IPv4-compatible
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** True for an address a webhook may not reach; IPv4-mapped and NAT64 forms are unwrapped. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family !== 6) return true;
  const nat64 = embeddedNat64Ipv4(address);
  if (nat64 && BLOCKED.check(nat64, "ipv4")) return true;
  return BLOCKED.check(address, "ipv6");
}

/** 64:ff9b::a.b.c.d (RFC 6052) carries an IPv4 address in its last 32 bits. */
function embeddedNat64Ipv4(address: string): string | undefined {
  const match = address.toLowerCase().match(/^64:ff9b::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  const dotted = address.toLowerCase().match(/^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) return dotted[1];
  if (!match) return undefined;
  const high = parseInt(match[1]!, 16);
  const low = parseInt(match[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The host of a URL without IPv6 brackets, as the URL parser normalised it. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * The create/PATCH check: the reason a URL is refused, or undefined when it is acceptable.
 * Names are resolved only at delivery; here an address literal or a loopback name is refused.
 */
export function endpointUrlProblem(rawUrl: string, options: { devTools: boolean }): string | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an http or https URL";
  if (options.devTools) return undefined;
  if (url.protocol !== "https:") return "must use https";
  const host = hostOf(url).toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return "must not point at a loopback host";
  if (isIP(host) && isBlockedAddress(host)) return "must not point at a private, loopback or link-local address";
  return undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export class BlockedAddressError extends Error {
  readonly code = "EBLOCKEDADDRESS";
}

/**
 * A `lookup` for node:http(s) that refuses the connection when any resolved address is
 * blocked. Node calls it for host names only, so address literals are checked beforehand
 * with `endpointUrlProblem`.
 */
export function guardedLookup(hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void {
  const family = options.family === 6 || options.family === "IPv6" ? 6 : options.family === 4 || options.family === "IPv4" ? 4 : 0;
  dnsLookup(hostname, { all: true, family }, (error, addresses) => {
    if (error) return callback(error, []);
    const blocked = addresses.find((entry) => isBlockedAddress(entry.address));
    if (blocked) {
      return callback(new BlockedAddressError(`${hostname} resolves to ${blocked.address}, a private, loopback or link-local address`), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}
