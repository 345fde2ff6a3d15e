import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { call } from "./seed";

/**
 * Signing in to the console as a member does (docs/console.md#sign-in): the form, the link
 * emailed to them (read from the dev outbox), its page's "Sign in" button.
 */
export type Outboxed = { subject: string; text: string };

/** The messages the dev outbox holds for one address, newest first. */
export const outbox = async (request: APIRequestContext, to: string) =>
  (await call(request, "GET", `/dev/outbox/messages?to=${encodeURIComponent(to)}`, undefined)).data as Outboxed[];

/** How many sign-in emails an address has had: a later link is told apart by the count. */
export const signInEmailsTo = async (request: APIRequestContext, email: string) =>
  (await outbox(request, email)).filter((message) => /sign in/i.test(message.subject)).length;

/** The newest sign-in link emailed to an address after `seen` of them, as the member reads it (its path). */
export async function emailedSignInLink(request: APIRequestContext, email: string, seen = 0): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const links = (await outbox(request, email)).filter((message) => /sign in/i.test(message.subject));
      link = links.length > seen ? (links[0]?.text.match(/https?:\/\/\S+\/console\/sign-in\/[^\s)>\]]+/)?.[0] ?? "") : "";
      return link;
    })
    .toBeTruthy();
  return new URL(link).pathname;
}

/** "Send sign-in link" on /console/sign-in, up to "Check your email". */
export async function askForLink(page: Page, email: string) {
  await page.goto("/console/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
}

/** The whole way in: ask for a link, open the one emailed, press "Sign in", land on Bookings. */
export async function signInFromEmail(page: Page, request: APIRequestContext, email: string) {
  const seen = await signInEmailsTo(request, email);
  await askForLink(page, email);
  await page.goto(await emailedSignInLink(request, email, seen));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();
}
