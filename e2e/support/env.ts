import path from "node:path";

/** Ports and paths shared by the config, the servers and the specs (E2E_PORT_BASE moves them all). */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100);

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
  dataDir: path.resolve(".data-e2e"),
  accountFile: path.resolve(".data-e2e", "e2e-account.json"),
  /** A free-plan account the real-HTTP fuzz creates workspaces with. */
  fuzzAccountFile: path.resolve(".data-e2e", "e2e-fuzz-account.json"),
  /** The page-headers spec's own account: the shared one is at its 25-workspace cap by then. */
  headersAccountFile: path.resolve(".data-e2e", "e2e-headers-account.json"),
  /** The booking-journey spec's own account (issue 15's flow half). */
  journeyAccountFile: path.resolve(".data-e2e", "e2e-journey-account.json"),
  /** The customer-journey specs' own accounts (manage page; widget): the shared one is near its cap. */
  journeyManageAccountFile: path.resolve(".data-e2e", "e2e-journey-manage-account.json"),
  journeyEmbedAccountFile: path.resolve(".data-e2e", "e2e-journey-embed-account.json"),
  /** The languages spec's own account (it seeds a workspace per language setting). */
  languagesAccountFile: path.resolve(".data-e2e", "e2e-languages-account.json"),
  /** The languages-flow spec's own account (a workspace per language walked through the booking flow). */
  languagesFlowAccountFile: path.resolve(".data-e2e", "e2e-languages-flow-account.json"),
  /** The manage-page and widget languages spec's own account. */
  languagesManageAccountFile: path.resolve(".data-e2e", "e2e-languages-manage-account.json"),
  /** The group-sessions spec's own account (classes with spots left). */
  groupSessionsAccountFile: path.resolve(".data-e2e", "e2e-group-sessions-account.json"),
  /** The business-notifications spec's own account (the shared one is at its 25-workspace cap by then). */
  businessNotificationsAccountFile: path.resolve(".data-e2e", "e2e-business-notifications-account.json"),
  /** The brand spec's own account (a workspace per brand colour and scheme). */
  brandAccountFile: path.resolve(".data-e2e", "e2e-brand-account.json"),
  /** The held-booking spec's own account (reload, Back and Forward around a hold; issue 27). */
  flowHoldsAccountFile: path.resolve(".data-e2e", "e2e-flow-holds-account.json"),
  /** The reschedule-window spec's own account (issue 27). */
  rescheduleAccountFile: path.resolve(".data-e2e", "e2e-reschedule-account.json"),
  /** The right-to-left spec's own account (issue 27: the business's text and money in an Arabic page). */
  rtlAccountFile: path.resolve(".data-e2e", "e2e-rtl-account.json"),
  /** The zone-names spec's own account (issue 27: cities in the page's language). */
  zoneNamesAccountFile: path.resolve(".data-e2e", "e2e-zone-names-account.json"),
};
