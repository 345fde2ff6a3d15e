import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real webhook receiver on 127.0.0.1 for tests. It records every request with its raw
 * body and verifies Booking-Signature with its own implementation of the spec's scheme
 * (WebCrypto HMAC-SHA256, not the app's node:crypto code) against the secrets it was given.
 * What it answers is set per test: a status, a redirect, or a delay before answering.
 */
export type ReceivedWebhook = {
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  json: any;
  /** The secret that verified the signature, or null when none did. */
  verifiedWith: string | null;
};

export type Reply = { status: number; location?: string; delayMs?: number };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** Every later request gets this reply until changed. */
  reply: (reply: Reply) => void;
  /** Secrets the signature may verify with (the current endpoint secret). */
  trust: (...secrets: string[]) => void;
  /** Requests that carried this delivery id. */
  deliveriesOf: (deliveryId: string) => ReceivedWebhook[];
  close: () => Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let current: Reply = { status: 200 };
  let secrets: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const reply = current;
      const verifiedWith = await findVerifyingSecret(secrets, String(request.headers["booking-signature"] ?? ""), rawBody);
      let json: unknown = undefined;
      try {
        json = JSON.parse(rawBody);
      } catch {
        json = undefined;
      }
      received.push({ path: request.url ?? "/", headers: request.headers, rawBody, json, verifiedWith });
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(reply.status, reply.location ? { Location: reply.location } : {});
        response.end("ok");
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, reply.delayMs);
        timers.add(timer);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    reply: (reply) => {
      current = reply;
    },
    trust: (...list) => {
      secrets = list;
    },
    deliveriesOf: (deliveryId) => received.filter((entry) => entry.headers["booking-delivery"] === deliveryId),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The receiver side of the spec: parse t and v1, HMAC "<t>.<raw body>", compare in constant time. */
async function findVerifyingSecret(secrets: string[], header: string, rawBody: string): Promise<string | null> {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = parts.t;
  const v1 = parts.v1;
  if (!t || !/^\d+$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return null;
  for (const secret of secrets) {
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    const signature = Uint8Array.from(v1.match(/../g)!.map((byte) => parseInt(byte, 16)));
    // subtle.verify compares in constant time.
    if (await crypto.subtle.verify("HMAC", key, signature, new TextEncoder().encode(`${t}.${rawBody}`))) return secret;
  }
  return null;
}
