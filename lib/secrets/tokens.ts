import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const KEY_RANDOM_LENGTH = 40;
export const KEY_PATTERN = /^(sk|pk|ak)_[0-9A-Za-z]{32,200}$/;
export const DISPLAY_PREFIX_LENGTH = 12;

export type KeyPrefix = "sk" | "pk" | "ak";

/** Unbiased base62 from a CSPRNG (rejection sampling keeps every character equally likely). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function generateKey(prefix: KeyPrefix): string {
  return `${prefix}_${randomBase62(KEY_RANDOM_LENGTH)}`;
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The manage-link token: 32 random bytes, base64url. */
export function generateAccessToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A 6-digit verification code from a CSPRNG, leading zeros kept. */
export function generateVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}
