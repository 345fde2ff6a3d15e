import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

export const EXTERNAL_CALENDAR_KINDS = ["ics", "caldav"] as const;
export const EXTERNAL_CALENDAR_STATUSES = ["ok", "failing", "disabled"] as const;

/**
 * A calendar's other calendar, read for busy times (see docs/external-calendars.md). The
 * address and the login are secrets (Google's "secret address in iCal format" is one): they
 * are kept sealed with APP_SECRET, like webhook signing secrets, and never answered.
 */
export const externalCalendars = pgTable(
  "external_calendars",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    staffId: uuid()
      .notNull()
      .references(() => staff.id),
    kind: text({ enum: EXTERNAL_CALENDAR_KINDS }).notNull(),
    /** Scheme, host and the path's last 4 characters: enough to tell two sources apart. */
    displayUrl: text().notNull(),
    name: text(),
    /** JSON {url, username?, password?}, sealed (AES-256-GCM). */
    credentialsSealed: text().notNull(),
    writeBack: boolean().notNull().default(false),
    status: text({ enum: EXTERNAL_CALENDAR_STATUSES }).notNull().default("ok"),
    /** Validators of the last good answer, sent back as If-None-Match / If-Modified-Since. */
    etag: text(),
    lastModified: text(),
    /** When the document was last read whole and expanded; conditional requests are used only for a day after it, as the window moves on. */
    expandedAt: instant(),
    lastSyncedAt: instant(),
    lastSuccessAt: instant(),
    lastError: text(),
    /** The first failure of the current run of failures (null while syncs succeed). */
    failingSince: instant(),
    consecutiveFailures: integer().notNull().default(0),
    /** When the periodic sync is next due; null for a disabled source. */
    nextSyncAt: instant(),
    /** A sync in progress holds the source until then (one instance per source at a time). */
    claimedUntil: instant(),
    busyCount: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.staffId, t.createdAt), index().on(t.nextSyncAt)],
);

export type ExternalCalendarRow = typeof externalCalendars.$inferSelect;
