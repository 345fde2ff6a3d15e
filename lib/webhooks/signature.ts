import { createHmac } from "node:crypto";
import { randomBase62 } from "@/lib/secrets/tokens";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** A new endpoint signing secret: whsec_ + 40 base62 characters from a CSPRNG. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBase62(40)}`;
}

/**
 * The spec's Booking-Signature header: `t=<unix seconds>,v1=<hex>` where the hex is
 * HMAC-SHA256, keyed with the endpoint secret, over `<t>.<raw body bytes>`.
 */
export function signatureHeader(secret: string, rawBody: string, signedAt: Date): string {
  const t = Math.floor(signedAt.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.`).update(Buffer.from(rawBody, "utf8")).digest("hex");
  return `t=${t},v1=${v1}`;
}
