import { index, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { services } from "./services";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

/** Which calendars offer which service. */
export const serviceStaff = pgTable(
  "service_staff",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    serviceId: uuid()
      .notNull()
      .references(() => services.id),
    staffId: uuid()
      .notNull()
      .references(() => staff.id),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.staffId] }), index().on(t.staffId)],
);

export type ServiceStaffRow = typeof serviceStaff.$inferSelect;
