import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Payment processor events already applied, so a redelivered event changes nothing. */
export const processorEvents = pgTable("processor_events", {
  eventId: text().primaryKey(),
  type: text().notNull(),
  createdAt: createdAt(),
});
