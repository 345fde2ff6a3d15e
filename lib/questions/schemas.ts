import { z } from "zod";
import { PlainText, Uuid } from "@/lib/schemas";
import { Position } from "@/lib/categories/schemas";

export const QUESTION_TYPES = ["text", "long_text", "select", "checkbox"] as const;
export const QuestionType = z
  .enum(QUESTION_TYPES)
  .meta({ description: 'text, long_text: any string; select: the answer is one of options; checkbox: the answer is "true" or "false".' });
export type QuestionType = z.infer<typeof QuestionType>;

export const APPLIES_TO = ["all_services", "selected_services"] as const;
export const AppliesTo = z.enum(APPLIES_TO).meta({ description: "selected_services: only the services in service_ids ask it." });
export type AppliesTo = z.infer<typeof AppliesTo>;

export const MAX_QUESTION_LABEL_LENGTH = 500;
export const MAX_QUESTION_HELP_LENGTH = 1_000;
export const MAX_QUESTION_OPTIONS = 50;
export const MAX_QUESTION_OPTION_LENGTH = 200;
export const MAX_QUESTION_SERVICES = 500;

const Label = z.string().trim().min(1).max(MAX_QUESTION_LABEL_LENGTH);
const HelpText = PlainText(MAX_QUESTION_HELP_LENGTH).nullable();
const Options = z
  .array(z.string().trim().min(1).max(MAX_QUESTION_OPTION_LENGTH))
  .max(MAX_QUESTION_OPTIONS)
  .meta({ description: "select only, and then at least one; distinct. Other types take no options." });
const ServiceIds = z.array(Uuid).max(MAX_QUESTION_SERVICES).meta({ description: "selected_services only, and then at least one service of this workspace." });

export const CreateQuestionBody = z.object({
  label: Label,
  help_text: HelpText.optional(),
  type: QuestionType,
  options: Options.optional(),
  required: z.boolean().optional().meta({ description: "Default false." }),
  applies_to: AppliesTo.optional().meta({ description: "Default all_services." }),
  service_ids: ServiceIds.optional(),
  position: Position.optional().meta({ description: "Omitted: after the last question." }),
});
export type CreateQuestionBody = z.infer<typeof CreateQuestionBody>;

/**
 * Partial. Changing type away from select drops the options, and changing applies_to to
 * all_services drops service_ids, unless they are sent (then they are refused).
 */
export const UpdateQuestionBody = z.object({
  label: Label.optional(),
  help_text: HelpText.optional(),
  type: QuestionType.optional(),
  options: Options.optional(),
  required: z.boolean().optional(),
  applies_to: AppliesTo.optional(),
  service_ids: ServiceIds.optional(),
  position: Position.optional(),
});
export type UpdateQuestionBody = z.infer<typeof UpdateQuestionBody>;

export const Question = z
  .object({
    id: Uuid,
    label: z.string(),
    help_text: z.string().nullable(),
    type: QuestionType,
    options: z.array(z.string()),
    required: z.boolean(),
    applies_to: AppliesTo,
    service_ids: z.array(Uuid),
    position: z.number().int(),
  })
  .meta({ id: "Question" });
export type Question = z.infer<typeof Question>;

export const QuestionIdParams = z.object({ id: Uuid });

/** One answer on a booking; declared here (no database import) so the booking pages can check it in the browser too. */
export const BookingAnswerInput = z.object({
  question_id: Uuid,
  value: z.string().max(5_000),
});
