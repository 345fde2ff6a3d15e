import type { Operation } from "../operation";
import * as account from "./account";
import * as apiKeys from "./api-keys";
import * as availability from "./availability";
import * as bookings from "./bookings";
import * as customerLinks from "./customer-links";
import * as publicPages from "./public";
import * as webhooks from "./webhooks";
import * as workspace from "./workspace";
import * as services from "./services";
import * as staff from "./staff";
import * as categories from "./categories";
import * as questions from "./questions";
import * as externalCalendars from "./external-calendars";
import * as messages from "./messages";
import * as members from "./members";
import * as customers from "./customers";
import * as audit from "./audit";
// Series and waitlists (docs/series-and-waitlists.md)
import * as seriesAndWaitlists from "./series";
import * as waitlist from "./waitlist";

/** Every operation the API serves; the OpenAPI document and the route coverage test read this. */
export const ALL_OPERATIONS: Operation[] = [
  ...Object.values(account),
  ...Object.values(apiKeys),
  ...Object.values(availability),
  ...Object.values(bookings),
  ...Object.values(publicPages),
  ...Object.values(customerLinks),
  ...Object.values(workspace),
  ...Object.values(webhooks),
  ...Object.values(services),
  ...Object.values(staff),
  ...Object.values(externalCalendars),
  ...Object.values(categories),
  ...Object.values(questions),
  ...Object.values(messages),
  ...Object.values(members),
  ...Object.values(customers),
  ...Object.values(audit),
  // Series and waitlists
  ...Object.values(seriesAndWaitlists),
  ...Object.values(waitlist),
];
