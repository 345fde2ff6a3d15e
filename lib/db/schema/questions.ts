import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { workspaces } from "./workspaces";

export const questions = pgTable(
  "questions",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    label: text().notNull(),
    helpText: text(),
    type: text({ enum: ["text", "long_text", "select", "checkbox"] }).notNull(),
    options: text().array().notNull().default([]),
    required: boolean().notNull().default(false),
    appliesTo: text({ enum: ["all_services", "selected_services"] })
      .notNull()
      .default("all_services"),
    serviceIds: uuid().array().notNull().default([]),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.workspaceId)],
);

export type QuestionRow = typeof questions.$inferSelect;
