import { createHmac } from "node:crypto";
import { getConfig } from "@/lib/config";
import { constantTimeEqual, generateVerificationCode } from "@/lib/secrets/tokens";

/**
 * The 6-digit code is stored as an HMAC keyed by APP_SECRET and bound to its booking: a
 * million possible codes make a plain hash trivially reversible from a database copy.
 */
export function hashVerificationCode(bookingId: string, code: string): string {
  return createHmac("sha256", `booking-code:v1:${getConfig().appSecret}`).update(`${bookingId}:${code}`).digest("hex");
}

export function newVerificationCode(bookingId: string): { code: string; codeHash: string } {
  const code = generateVerificationCode();
  return { code, codeHash: hashVerificationCode(bookingId, code) };
}

/** Always hashes and compares, even without a stored hash, so every refusal costs the same. */
export function isVerificationCodeCorrect(bookingId: string, submitted: string, storedHash: string | null): boolean {
  const expected = storedHash ?? UNMATCHABLE_HASH;
  const matches = constantTimeEqual(hashVerificationCode(bookingId, submitted), expected);
  return storedHash !== null && matches;
}

/** Same length as a real hash, never produced by one (not hex). */
const UNMATCHABLE_HASH = "z".repeat(64);
