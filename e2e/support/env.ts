import path from "node:path";

/**
 * How many specs run at once: each worker has its own app server, host pages and database. Two on
 * two cores: three were 6 % quicker, but the load they put on the machine made the SIGTERM spec
 * lose a read in CI (docs/operations.md#ci).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/**
 * The first port of a worker's servers: E2E_PORT_BASE (3100 by default) for the first, 100 more
 * for each next one.
 */
export function portBase(worker: number): number {
  return Number(process.env.E2E_PORT_BASE ?? 3100) + 100 * worker;
}

/** Where e2e/support/serve-workers.ts says every worker's servers answer (below the second worker's ports). */
export const READY_PORT = portBase(0) + 99;

/**
 * Which worker this process serves: Playwright numbers its workers (TEST_PARALLEL_INDEX, from 0);
 * a worker's servers are started with E2E_WORKER (playwright.config.ts).
 */
export const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? process.env.E2E_WORKER ?? 0);

/** Ports and paths shared by the config, the servers and the specs, this worker's own. */
const BASE = portBase(WORKER);
const DATA_DIR = path.resolve(WORKER === 0 ? ".data-e2e" : `.data-e2e-w${WORKER}`);

export const E2E = {
  appPort: BASE,
  appUrl: `http://127.0.0.1:${BASE}`,
  /** Hosts the embed: an origin on the key's allowed_origins. */
  hostPort: BASE + 1,
  hostUrl: `http://127.0.0.1:${BASE + 1}`,
  /** A second host origin that is never allowed to frame the booking page. */
  strangerPort: BASE + 2,
  strangerUrl: `http://127.0.0.1:${BASE + 2}`,
  /** Two more app instances on real PostgreSQL for the race spec. */
  racePorts: [BASE + 10, BASE + 11],
  /** The crash spec's own server, killed and started again. */
  crashPort: BASE + 12,
  dataDir: DATA_DIR,
  accountFile: path.join(DATA_DIR, "e2e-account.json"),
  /** The console spec's accounts: its members see only their own account's workspaces. */
  consoleAccountFile: path.join(DATA_DIR, "e2e-console-account.json"),
  consoleOtherAccountFile: path.join(DATA_DIR, "e2e-console-other-account.json"),
  /** The console settings spec's account: its members, owners and staff are its own. */
  consoleSettingsAccountFile: path.join(DATA_DIR, "e2e-console-settings-account.json"),
  /** The console setup spec's own account (schedule, services, calendars, the checklist of a new workspace). */
  consoleSetupAccountFile: path.join(DATA_DIR, "e2e-console-setup-account.json"),
  /** A free-plan account the real-HTTP fuzz creates workspaces with. */
  fuzzAccountFile: path.join(DATA_DIR, "e2e-fuzz-account.json"),
  /** The page-headers spec's own account: the shared one is at its 25-workspace cap by then. */
  headersAccountFile: path.join(DATA_DIR, "e2e-headers-account.json"),
  /** The booking-journey spec's own account (issue 15's flow half). */
  journeyAccountFile: path.join(DATA_DIR, "e2e-journey-account.json"),
  /** The customer-journey specs' own accounts (manage page; widget): the shared one is near its cap. */
  journeyManageAccountFile: path.join(DATA_DIR, "e2e-journey-manage-account.json"),
  journeyEmbedAccountFile: path.join(DATA_DIR, "e2e-journey-embed-account.json"),
  /** The languages spec's own account (it seeds a workspace per language setting). */
  languagesAccountFile: path.join(DATA_DIR, "e2e-languages-account.json"),
  /** The languages-flow spec's own account (a workspace per language walked through the booking flow). */
  languagesFlowAccountFile: path.join(DATA_DIR, "e2e-languages-flow-account.json"),
  /** The manage-page and widget languages spec's own account. */
  languagesManageAccountFile: path.join(DATA_DIR, "e2e-languages-manage-account.json"),
  /** The group-sessions spec's own account (classes with spots left). */
  groupSessionsAccountFile: path.join(DATA_DIR, "e2e-group-sessions-account.json"),
  /** The series spec's own account (a service booked every week). */
  seriesAccountFile: path.join(DATA_DIR, "e2e-series-account.json"),
  /** The business-notifications spec's own account (the shared one is at its 25-workspace cap by then). */
  businessNotificationsAccountFile: path.join(DATA_DIR, "e2e-business-notifications-account.json"),
  /** The brand spec's own account (a workspace per brand colour and scheme). */
  brandAccountFile: path.join(DATA_DIR, "e2e-brand-account.json"),
  /** The held-booking spec's own account (reload, Back and Forward around a hold; issue 27). */
  flowHoldsAccountFile: path.join(DATA_DIR, "e2e-flow-holds-account.json"),
  /** The reschedule-window spec's own account (issue 27). */
  rescheduleAccountFile: path.join(DATA_DIR, "e2e-reschedule-account.json"),
  /** The right-to-left spec's own account (issue 27: the business's text and money in an Arabic page). */
  rtlAccountFile: path.join(DATA_DIR, "e2e-rtl-account.json"),
  /** The zone-names spec's own account (issue 27: cities in the page's language). */
  zoneNamesAccountFile: path.join(DATA_DIR, "e2e-zone-names-account.json"),
};
