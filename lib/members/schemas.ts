import { z } from "zod";
import { DateTimeOutput, Email, Uuid } from "@/lib/schemas";

export const MemberRole = z.enum(["owner", "staff"]).meta({
  description: "owner: everything. staff: bookings, schedule, catalogue, brand and messages; not API keys, webhooks, members or the plan.",
});
export type MemberRole = z.infer<typeof MemberRole>;

export const Member = z
  .object({
    id: Uuid,
    email: z.string(),
    role: MemberRole,
    created_at: DateTimeOutput.meta({ description: "UTC." }),
    last_sign_in_at: DateTimeOutput.nullable().meta({ description: "UTC; null until the member first signs in." }),
  })
  .meta({ id: "Member" });
export type Member = z.infer<typeof Member>;

export const MemberList = z.object({ data: z.array(Member) }).meta({ id: "MemberList" });

export const CreateMemberBody = z.object({ email: Email, role: MemberRole });
export type CreateMemberBody = z.infer<typeof CreateMemberBody>;

export const UpdateMemberBody = z.object({ role: MemberRole });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;

export const MemberIdParams = z.object({ id: Uuid });
