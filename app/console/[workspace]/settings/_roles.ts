import { DomainError } from "@/lib/errors";
import type { ConsoleAccess } from "@/lib/members/console-access";

/**
 * The one place the console decides what a role may use in Settings (docs/console.md#settings):
 * the navigation hides these sections from staff, their pages and every action refuse staff
 * with the API's own 403 `forbidden`.
 */
export const OWNER_SECTIONS = ["usage", "webhooks", "api-keys", "members"] as const;
export type OwnerSection = (typeof OWNER_SECTIONS)[number];

export function isOwner(access: Pick<ConsoleAccess, "member">): boolean {
  return access.member.role === "owner";
}

export function assertOwner(access: Pick<ConsoleAccess, "member">): void {
  if (!isOwner(access)) throw new DomainError("forbidden", "Only an owner of the account can use API keys, webhooks, members and the plan.");
}
