import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { messagesTo } from "../helpers/bookings";
import { newAccount, newWorkspace, newWorkspaceOn } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { fixedClock } from "@/lib/time/clock";
import { openConsole } from "@/lib/members/console-access";
import { endSession, findSession, redeemSignInLink, requestSignInLink } from "@/lib/members/sign-in";

/** docs/console.md#sign-in and #sessions, through the verbs the console's pages and actions call. */

const APP = "http://localhost:3000";
const T0 = new Date("2031-03-30T00:30:00Z");
const at = (minutes: number) => ({ db: currentDb().db, clock: fixedClock(new Date(T0.getTime() + minutes * 60_000)), requestId: "req_test" });
let n = 0;

async function memberOf(role: "owner" | "staff" = "owner") {
  const account = await newAccount();
  const ws = await newWorkspaceOn(account);
  const email = `member${++n}-${ws.id}@salon.example`;
  const member = await api.post("/v1/account/members", { key: account.accountKey, body: { email, role } });
  expect(member.status).toBe(201);
  return { account, ws, email, memberId: member.body.id as string };
}

async function emailedToken(email: string): Promise<string> {
  const [message] = await messagesTo(email);
  expect(message?.subject).toContain("Sign in");
  const token = message?.text.match(/\/console\/sign-in\/([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeDefined();
  return token as string;
}

describe("sign-in links", () => {
  it("writes the link's email in the sign-in page's language, and it signs in as the English one does", async () => {
    const { email } = await memberOf();
    await requestSignInLink({ ctx: at(0), input: { email, ip: "203.0.113.7", appUrl: APP, language: "de" } });
    const [message] = await messagesTo(email);
    expect(message?.subject).toBe("Bei Ihrer Buchungskonsole anmelden");
    expect(message?.text).toContain("Er funktioniert einmal, innerhalb von 15 Minuten.");
    const token = message?.text.match(/\/console\/sign-in\/([A-Za-z0-9_-]+)/)?.[1];
    expect(await redeemSignInLink({ ctx: at(1), token: token! })).not.toBeNull();
  });

  it("emails a member a link that signs in once, within 15 minutes; a stranger is told the same and sent nothing", async () => {
    const { email, ws } = await memberOf();
    await requestSignInLink({ ctx: at(0), input: { email: email.toUpperCase(), ip: "203.0.113.1", appUrl: APP } });
    const stranger = `nobody-${ws.id}@example.com`;
    await expect(requestSignInLink({ ctx: at(0), input: { email: stranger, ip: "203.0.113.1", appUrl: APP } })).resolves.toBeUndefined();
    expect(await messagesTo(stranger)).toEqual([]);

    const token = await emailedToken(email);
    const session = await redeemSignInLink({ ctx: at(14), token });
    expect(session).not.toBeNull();
    expect(await redeemSignInLink({ ctx: at(14), token })).toBeNull();
    const access = await openConsole({ ctx: at(15), token: session!.sessionToken });
    expect(access?.workspace.id).toBe(ws.id);

    await requestSignInLink({ ctx: at(20), input: { email, ip: "203.0.113.1", appUrl: APP } });
    expect(await redeemSignInLink({ ctx: at(36), token: await emailedToken(email) })).toBeNull();
  });

  it("refuses a sixth link per email in an hour (rate_limited)", async () => {
    const { email } = await memberOf();
    for (let i = 0; i < 5; i++) await requestSignInLink({ ctx: at(i), input: { email, ip: `198.51.100.${i}`, appUrl: APP } });
    await expect(requestSignInLink({ ctx: at(6), input: { email, ip: "198.51.100.9", appUrl: APP } })).rejects.toMatchObject({ type: "rate_limited" });
    expect(await messagesTo(email)).toHaveLength(5);
  });
});

describe("sessions", () => {
  async function signedIn() {
    const who = await memberOf();
    await requestSignInLink({ ctx: at(0), input: { email: who.email, ip: "192.0.2.1", appUrl: APP } });
    const session = await redeemSignInLink({ ctx: at(1), token: await emailedToken(who.email) });
    return { ...who, token: session!.sessionToken };
  }

  it("ends after 12 idle hours, and after 30 days however active", async () => {
    const idle = await signedIn();
    expect(await findSession({ ctx: at(60 * 11), token: idle.token })).not.toBeNull();
    expect(await findSession({ ctx: at(60 * 22), token: idle.token })).not.toBeNull();
    expect(await findSession({ ctx: at(60 * 34 + 1), token: idle.token })).toBeNull();

    const busy = await signedIn();
    let minute = 1;
    while (minute < 30 * 24 * 60 - 600) {
      minute += 600;
      expect(await findSession({ ctx: at(minute), token: busy.token })).not.toBeNull();
    }
    expect(await findSession({ ctx: at(30 * 24 * 60 + 2), token: busy.token })).toBeNull();
  });

  it("ends on sign out, and when the member is removed", async () => {
    const out = await signedIn();
    await endSession({ ctx: at(2), token: out.token });
    expect(await openConsole({ ctx: at(3), token: out.token })).toBeNull();

    const removed = await signedIn();
    await api.post("/v1/account/members", { key: removed.account.accountKey, body: { email: `other-${removed.ws.id}@salon.example`, role: "owner" } });
    expect((await api.delete(`/v1/account/members/${removed.memberId}`, { key: removed.account.accountKey })).status).toBe(200);
    expect(await openConsole({ ctx: at(3), token: removed.token })).toBeNull();
  });

  it("opens nothing of another account (not_found)", async () => {
    const me = await signedIn();
    const theirs = await newWorkspace();
    await expect(openConsole({ ctx: at(2), token: me.token, workspaceId: theirs.id })).rejects.toMatchObject({ type: "not_found" });
  });
});
