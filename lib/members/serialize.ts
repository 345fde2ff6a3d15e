import type { MemberRow } from "@/lib/db/schema";
import { toUtcIso } from "@/lib/time/zoned";
import type { Member } from "./schemas";

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: toUtcIso(row.createdAt),
    last_sign_in_at: row.lastSignInAt ? toUtcIso(row.lastSignInAt) : null,
  };
}
