ALTER TABLE "booking_answers" DROP CONSTRAINT "booking_answers_question_id_questions_id_fk";
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "notification_email" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "notification_email_set" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Answers keep the label and place of their question as asked (docs/business-notifications.md).
-- Existing answers take their question's current label and rank, the best record there is.
ALTER TABLE "booking_answers" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "booking_answers" ADD COLUMN "position" integer;--> statement-breakpoint
UPDATE "booking_answers" SET "label" = ranked."label", "position" = ranked."rank"
  FROM (
    SELECT "id", "label",
      (row_number() OVER (PARTITION BY "workspace_id" ORDER BY "position", "created_at", "id") - 1)::integer AS "rank"
    FROM "questions"
  ) AS ranked
  WHERE ranked."id" = "booking_answers"."question_id";--> statement-breakpoint
ALTER TABLE "booking_answers" ALTER COLUMN "label" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_answers" ALTER COLUMN "position" SET NOT NULL;
