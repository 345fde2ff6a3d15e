import { z } from "zod";
import { DateTimeInput, DateTimeOutput, PlainText, Uuid } from "@/lib/schemas";

export const MAX_STAFF_NAME_LENGTH = 200;
export const MAX_STAFF_TITLE_LENGTH = 200;
export const MAX_STAFF_BIO_LENGTH = 2_000;

const StaffName = z.string().trim().min(1).max(MAX_STAFF_NAME_LENGTH);

export const CreateStaffBody = z.object({
  name: StaffName,
  title: PlainText(MAX_STAFF_TITLE_LENGTH).nullable().optional(),
  bio: PlainText(MAX_STAFF_BIO_LENGTH).nullable().optional(),
});
export type CreateStaffBody = z.infer<typeof CreateStaffBody>;

export const UpdateStaffBody = z.object({
  name: StaffName.optional(),
  title: PlainText(MAX_STAFF_TITLE_LENGTH).nullable().optional(),
  bio: PlainText(MAX_STAFF_BIO_LENGTH).nullable().optional(),
  active: z.boolean().optional().meta({ description: "false deactivates; true re-activates within the plan's calendar cap (402 otherwise)." }),
});
export type UpdateStaffBody = z.infer<typeof UpdateStaffBody>;

/** The management view (secret key): the spec's {id, name, active} plus the customer-facing title and bio. */
export const Staff = z
  .object({ id: Uuid, name: z.string(), title: z.string().nullable(), bio: z.string().nullable(), active: z.boolean() })
  .meta({ id: "Staff" });
export type Staff = z.infer<typeof Staff>;

export const StaffCustomer = z
  .object({ id: Uuid, name: z.string(), title: z.string().nullable(), bio: z.string().nullable() })
  .meta({ id: "StaffCustomerView" });
export type StaffCustomer = z.infer<typeof StaffCustomer>;

export const StaffIdParams = z.object({ id: Uuid });

export const MINUTES_PER_DAY = 1_440;
export const MAX_WORKING_HOURS_BLOCKS = 200;

export const WorkingHoursBlock = z
  .object({
    weekday: z.number().int().min(0).max(6).meta({ description: "0 is Sunday." }),
    start_minute: z
      .number()
      .int()
      .min(0)
      .max(MINUTES_PER_DAY - 1),
    end_minute: z.number().int().min(1).max(MINUTES_PER_DAY).meta({ description: "After start_minute; 1440 is midnight at the end of the day." }),
  })
  .meta({ id: "WorkingHoursBlock" });
export type WorkingHoursBlock = z.infer<typeof WorkingHoursBlock>;

export const PutWorkingHoursBody = z.object({
  working_hours: z.array(WorkingHoursBlock).max(MAX_WORKING_HOURS_BLOCKS),
});
export type PutWorkingHoursBody = z.infer<typeof PutWorkingHoursBody>;

export const WorkingHours = z.object({ working_hours: z.array(WorkingHoursBlock) }).meta({ id: "WorkingHours" });
export type WorkingHours = z.infer<typeof WorkingHours>;

export const StaffWorkingHours = z.object({ staff_id: Uuid, working_hours: z.array(WorkingHoursBlock) }).meta({ id: "StaffWorkingHours" });
export type StaffWorkingHours = z.infer<typeof StaffWorkingHours>;

export const MAX_TIME_OFF_REASON_LENGTH = 500;

export const CreateTimeOffBody = z.object({
  starts_at: DateTimeInput,
  ends_at: DateTimeInput.meta({ description: "After starts_at." }),
  reason: PlainText(MAX_TIME_OFF_REASON_LENGTH).nullable().optional().meta({ description: 'Optional; stored as "" when absent or null.' }),
});
export type CreateTimeOffBody = z.infer<typeof CreateTimeOffBody>;

export const TimeOff = z
  .object({
    id: Uuid,
    staff_id: Uuid,
    starts_at: DateTimeOutput.meta({ description: "In the workspace's offset." }),
    ends_at: DateTimeOutput.meta({ description: "In the workspace's offset." }),
    reason: z.string().meta({ description: '"" when none was given.' }),
  })
  .meta({ id: "TimeOff" });
export type TimeOff = z.infer<typeof TimeOff>;

export const TimeOffParams = z.object({ id: Uuid, timeOffId: Uuid });
