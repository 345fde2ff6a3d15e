import { createHmac, timingSafeEqual } from "node:crypto";

/** True when `header` (Booking-Signature) signs these exact body bytes with your endpoint secret. */
export function verifyBookingSignature(rawBody: Buffer | string, header: string, secret: string, toleranceSeconds = 300): boolean {
  const fields = new Map(header.split(",").map((field) => field.split("=", 2) as [string, string]));
  const t = Number(fields.get("t"));
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest();
  const given = Buffer.from(fields.get("v1") ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
