import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E } from "./support/env";
import { expect, screenshotAndAxe, test, WCAG_22_AA_TAGS } from "./support/fixtures";
import { call, firstSlot, seedWorkspace, type Seeded } from "./support/seed";
import { signInFromEmail } from "./support/console";
import { tabTo } from "./support/keyboard";

/**
 * The console's Settings (docs/console.md#settings) as an owner and a staff member use them:
 * the profile and notifications with the API's refusal beside the field, the brand colour
 * in the preview and on the booking page, API keys shown once and revoked, a webhook delivery
 * that failed retried from the log, members, the audit log; a staff member sees none of the
 * owner's settings and a forged post of theirs changes nothing. Axe (WCAG 2.2 AA) and
 * screenshots at 390 px and 1280 px.
 */
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { label: "390", width: 390, height: 844 },
  { label: "1280", width: 1280, height: 900 },
];
const SCREENS = path.join("e2e", "artifacts", "screens", "console-settings");
const accountKey = () => (JSON.parse(readFileSync(E2E.consoleSettingsAccountFile, "utf8")) as { account_key: string }).account_key;
const look = (page: Page, testInfo: Parameters<typeof screenshotAndAxe>[1], name: string) =>
  screenshotAndAxe(page, testInfo, name, VIEWPORTS, WCAG_22_AA_TAGS, SCREENS);

const signIn = signInFromEmail;

let seeded: Seeded;
let workspaceId = "";
let ownerEmail = "";
let staffEmail = "";
let settings = "";

test.beforeAll(async ({ request }) => {
  seeded = await seedWorkspace(request, { accountFile: E2E.consoleSettingsAccountFile });
  workspaceId = (await call(request, "GET", "/v1/workspace", seeded.sk)).id;
  ownerEmail = `owner-${workspaceId.slice(0, 8)}@settings.example`;
  staffEmail = `staff-${workspaceId.slice(0, 8)}@settings.example`;
  settings = `/console/${workspaceId}/settings`;
  await call(request, "POST", "/v1/account/members", accountKey(), { email: ownerEmail, role: "owner" });
});

test("profile and notifications: the API's refusal beside the field changes nothing; a valid save is the API's", async ({ page, request }, testInfo) => {
  await signIn(page, request, ownerEmail);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Business profile" })).toBeVisible();
  await look(page, testInfo, "01-profile");

  const before = await call(request, "GET", "/v1/workspace", seeded.sk);
  await page.getByLabel("Business name").fill("Renamed Salon");
  await page.getByLabel("Contact phone").fill("12345");
  await page.getByRole("button", { name: "Save" }).click();
  const phone = page.getByLabel("Contact phone");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#f-contact_phone-error")).toHaveText("contact_phone: must be an E.164 phone number such as +14155550123");
  await expect(phone).toHaveValue("12345");
  await look(page, testInfo, "02-profile-refused");
  const unchanged = await call(request, "GET", "/v1/workspace", seeded.sk);
  expect(unchanged.name).toBe(before.name);
  expect(unchanged.contact_phone).toBe(before.contact_phone);

  await page.getByLabel("Business name").fill("Renamed Salon");
  await page.getByLabel("Contact phone").fill("+14155550123");
  await page.getByLabel("Website").fill("https://renamed.example");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  expect(await call(request, "GET", "/v1/workspace", seeded.sk)).toMatchObject({
    name: "Renamed Salon",
    contact_phone: "+14155550123",
    website_url: "https://renamed.example",
  });

  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await page.getByLabel("Email for booking notices").fill("desk@renamed.example");
  await page.getByLabel("Reminder 2: minutes before").fill("10");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#reminders-error")).toContainText(/^reminders\.\d\.minutes_before: /);
  expect((await call(request, "GET", "/v1/workspace", seeded.sk)).notification_email).not.toBe("desk@renamed.example");
  await page.getByLabel("Email for booking notices").fill("desk@renamed.example");
  await page.getByLabel("Reminder 2: minutes before").fill("120");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  const saved = await call(request, "GET", "/v1/workspace", seeded.sk);
  expect(saved.notification_email).toBe("desk@renamed.example");
  expect(saved.reminders).toContainEqual({ minutes_before: 120, channels: ["email"] });
  await look(page, testInfo, "03-notifications");
});

test("brand: the colour shows in both previews as it is typed, and on the booking page once saved", async ({ page, request }, testInfo) => {
  await signIn(page, request, ownerEmail);
  await page.goto(`${settings}/brand`);
  await page.getByLabel("Brand colour", { exact: true }).fill("#0f766e");
  await expect(page.getByTestId("brand-preview-light-button")).toHaveCSS("background-color", "rgb(15, 118, 110)");
  await expect(page.getByTestId("brand-preview-dark-button")).toHaveCSS("background-color", "rgb(15, 118, 110)");
  await expect(page.getByTestId("brand-preview-light")).toContainText(/Links: \d+\.\d:1 \(at least 4\.5:1\)/);
  await page.getByLabel("Theme").selectOption("light");
  await look(page, testInfo, "04-brand");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  expect(await call(request, "GET", "/v1/workspace", seeded.sk)).toMatchObject({ brand_color: "#0f766e", theme: "light" });

  await page.getByLabel("Brand colour", { exact: true }).fill("teal");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#f-brand_color-error")).toHaveText("brand_color: must be a colour written #rrggbb, such as #0f766e");
  await expect(page.getByLabel("Brand colour", { exact: true })).toHaveValue("teal");
  expect((await call(request, "GET", "/v1/workspace", seeded.sk)).brand_color).toBe("#0f766e");

  await page.goto(`/book/${seeded.slug}`);
  const fill = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary-fill").trim());
  expect(fill).toBe("#0f766e");
});

test("API keys: a new key is shown once with a copy button, listed by its last four, and revoked at once", async ({ page, request }, testInfo) => {
  await signIn(page, request, ownerEmail);
  await page.goto(`${settings}/api-keys`);
  await page.getByLabel("Name").fill("Till");
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = page.getByTestId("secret-once");
  await expect(secret).toHaveText(/^sk_/);
  const value = (await secret.textContent()) ?? "";
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Till" });
  await expect(row).toContainText(`…${value.slice(-4)}`);
  expect((await call(request, "GET", "/v1/workspace", value)).id).toBe(workspaceId);
  await look(page, testInfo, "05-key-shown-once");

  // Shown once: the page read again has the key's last four only.
  await page.reload();
  await expect(page.getByTestId("secret-once")).toHaveCount(0);
  expect(await page.content()).not.toContain(value);

  await row.getByRole("button", { name: "Revoke Till" }).click();
  await expect(page.getByRole("status")).toHaveText("The key is revoked.");
  await expect(page.getByRole("row").filter({ hasText: "Till" })).toContainText("Revoked");
  const refused = await request.get("/v1/workspace", { headers: { Authorization: `Bearer ${value}` } });
  expect(refused.status()).toBe(401);
});

test("webhooks: an endpoint added here gets a delivery its receiver refuses; Retry from the log delivers it", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const replies = [500];
  const received: string[] = [];
  const receiver = http.createServer((incoming, outgoing) => {
    received.push(String(incoming.headers["booking-delivery"] ?? ""));
    incoming.resume();
    outgoing.statusCode = replies.shift() ?? 200;
    outgoing.end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    await signIn(page, request, ownerEmail);
    await page.goto(`${settings}/webhooks`);
    // What the API refuses, the form refuses, beside the field: no event chosen.
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.locator("#endpoint-events-error")).toContainText("must name at least one event type");
    expect((await call(request, "GET", "/v1/webhook-endpoints", seeded.sk)).data).toEqual([]);
    await expect(page.getByLabel("Endpoint URL")).toHaveValue(url);

    await page.getByLabel("booking.created").check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByTestId("secret-once")).toHaveText(/^whsec_/);
    await look(page, testInfo, "06-webhook-added");
    await page.getByRole("link", { name: url }).click();

    const slot = await firstSlot(request, seeded, seeded.services.trim);
    await call(request, "POST", "/v1/bookings", seeded.sk, {
      service_id: seeded.services.trim,
      starts_at: slot.start,
      customer: { name: "Webhook Walker", email: `walker-${workspaceId.slice(0, 8)}@example.com` },
    });
    await call(request, "POST", "/dev/jobs/run", undefined);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await page.reload();
    const entry = page.getByRole("row").filter({ hasText: "booking.created" });
    await expect(entry).toContainText("500");
    await expect(entry).toContainText("Pending");
    await look(page, testInfo, "07-delivery-log");

    await entry.getByRole("button", { name: /^Retry booking\.created/ }).click();
    await expect(page.getByRole("status")).toContainText("Sent again");
    await expect(page.getByRole("row").filter({ hasText: "booking.created" })).toContainText("Delivered");
    expect(received.at(-1)).toBe(received[0]);

    // The log by status, as GET …/deliveries?status= reads it; a page link altered by hand reads the newest, and says so.
    await page.getByLabel("Show").selectOption({ label: "Failed" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No deliveries with this status.")).toBeVisible();
    await page.getByLabel("Show").selectOption({ label: "Delivered" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByRole("row").filter({ hasText: "booking.created" })).toContainText("Delivered");
    await page.goto(`${page.url().split("?")[0]}?status=delivered&cursor=not-a-cursor`);
    await expect(page.getByRole("status")).toHaveText("That page link is out of date or altered: here are the newest.");
    await expect(page.getByRole("row").filter({ hasText: "booking.created" })).toContainText("Delivered");

    // Rotate secret: a new one, shown once.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByTestId("secret-once")).toHaveText(/^whsec_/);

    // Edit (a second event), then "Delete": the API's deactivation, the history kept.
    await page.getByLabel("booking.cancelled").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved\.$/ })).toBeVisible();
    const [endpoint] = (await call(request, "GET", "/v1/webhook-endpoints", seeded.sk)).data as { id: string; events: string[]; active: boolean }[];
    expect(endpoint!.events).toEqual(["booking.created", "booking.cancelled"]);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toHaveText("Endpoint deleted: it gets no more events. Its delivery log stays below.");
    expect((await call(request, "GET", `/v1/webhook-endpoints/${endpoint!.id}`, seeded.sk)).active).toBe(false);
    await expect(page.getByRole("row").filter({ hasText: "booking.created" })).toContainText("Delivered");
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
});

test("members and roles: the last owner stays (the API's 409); staff see none of the owner's settings and a forged post is refused", async ({
  page,
  browser,
  request,
}, testInfo) => {
  await signIn(page, request, ownerEmail);
  await page.goto(`${settings}/members`);
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.locator("#member-email-error")).toHaveText("email: Invalid email address");
  await page.getByLabel("Email", { exact: true }).fill(staffEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("staff");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByRole("status")).toHaveText(`Member added: ${staffEmail}, Staff.`);
  await expect(page.getByText(staffEmail, { exact: true })).toBeVisible();

  // A role changed and changed back, as the account key's PATCH does.
  const roleOf = async (email: string) =>
    ((await call(request, "GET", "/v1/account/members", accountKey())).data as { email: string; role: string }[]).find((member) => member.email === email)
      ?.role;
  await page.getByLabel(`Role of ${staffEmail}`).selectOption("owner");
  await page.getByRole("listitem").filter({ hasText: staffEmail }).getByRole("button", { name: "Change role" }).click();
  await expect(page.getByRole("status")).toHaveText(`Role changed: ${staffEmail} is now Owner.`);
  expect(await roleOf(staffEmail)).toBe("owner");
  await page.getByLabel(`Role of ${staffEmail}`).selectOption("staff");
  await page.getByRole("listitem").filter({ hasText: staffEmail }).getByRole("button", { name: "Change role" }).click();
  // Its own words each time: the same "Role changed." again would already be on the page before the write.
  await expect(page.getByRole("status")).toHaveText(`Role changed: ${staffEmail} is now Staff.`);
  expect(await roleOf(staffEmail)).toBe("staff");

  await page.getByRole("button", { name: `Remove ${ownerEmail}` }).click();
  await expect(page.locator("main").getByRole("alert")).toHaveText("An account keeps at least one owner: add or promote another owner first.");
  await look(page, testInfo, "08-members-last-owner");
  const members = (await call(request, "GET", "/v1/account/members", accountKey())).data as { email: string; role: string }[];
  expect(members).toContainEqual(expect.objectContaining({ email: ownerEmail, role: "owner" }));

  // The owner's revoke form, as the owner's page carries it (its action id), aimed at a live key.
  const keys = (await call(request, "GET", "/v1/api-keys", seeded.sk)).data as { id: string; type: string; revoked: boolean }[];
  const live = keys.find((key) => key.type === "sk" && !key.revoked)!;
  await page.goto(`${settings}/api-keys`);
  const actionField = await page.locator(`form:has(input[name="key"][value="${live.id}"]) input[name^="$ACTION_ID_"]`).getAttribute("name");
  expect(actionField).toBeTruthy();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await signIn(staff, request, staffEmail);
    await staff.goto(`${E2E.appUrl}${settings}`);
    const sections = staff.getByRole("navigation", { name: "Settings sections" });
    await expect(sections.getByRole("link", { name: "Business profile" })).toBeVisible();
    for (const hidden of ["API keys", "Webhooks", "Members", "Usage and plan"]) await expect(sections.getByRole("link", { name: hidden })).toHaveCount(0);
    await look(staff, testInfo, "09-staff-settings");
    await staff.goto(`${E2E.appUrl}${settings}/api-keys`);
    await expect(staff.locator("main").getByRole("alert")).toHaveText("Only an owner of the account can use API keys, webhooks, members and the plan.");
    await expect(staff.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

    const forged = await staff.request.post(`${E2E.appUrl}${settings}/api-keys`, {
      headers: { Origin: E2E.appUrl },
      multipart: { [actionField!]: "", workspace: workspaceId, key: live.id },
      maxRedirects: 0,
    });
    expect(forged.status()).toBeLessThan(500);
    expect(forged.headers()["location"] ?? "").toContain("error=forbidden");
    const after = (await call(request, "GET", "/v1/api-keys", seeded.sk)).data as { id: string; revoked: boolean }[];
    expect(after.find((key) => key.id === live.id)?.revoked).toBe(false);
  } finally {
    await staffContext.close();
  }

  // The audit log: the owner's writes, by email; an altered page link reads the newest, no error page.
  await page.goto(`${settings}/audit?cursor=not-a-cursor`);
  await expect(page.getByRole("status")).toHaveText("That page link is out of date or altered: here are the newest.");
  await page.goto(`${settings}/audit`);
  await expect(page.getByRole("row").filter({ hasText: "createAccountMember" })).toContainText(ownerEmail);
  await expect(page.getByRole("row").filter({ hasText: "revokeApiKey" }).first()).toContainText(ownerEmail);
  await look(page, testInfo, "10-audit");
});

// At a phone's width and a desktop's: the sections' links wrap at 390 px, and the walk must still reach them.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`keyboard only at ${viewport.width} px: an owner reaches API keys from Settings and creates a key, focus always visible`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    // Another owner for each width: sign-in links are limited to 5 an hour per email, and the first one has had theirs.
    const keyboardEmail = `keys-${viewport.width}-${workspaceId.slice(0, 8)}@settings.example`;
    await call(request, "POST", "/v1/account/members", accountKey(), { email: keyboardEmail, role: "owner" });
    await signIn(page, request, keyboardEmail);
    await page.goto(`${settings}/profile`);
    await tabTo(page, /^API keys$/);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Create an API key" })).toBeVisible();
    await tabTo(page, /^Name$/);
    await page.keyboard.type(`Keyboard key ${viewport.width}`);
    await tabTo(page, /^Create key$/);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("secret-once")).toHaveText(/^sk_/);
    await expect(page.getByRole("row").filter({ hasText: `Keyboard key ${viewport.width}` })).toBeVisible();
  });
}

test("embed, usage and plan: the snippet with the workspace's slug, allowed origins refused and saved as the API does, the plan", async ({
  page,
  request,
}, testInfo) => {
  const embedEmail = `embed-${workspaceId.slice(0, 8)}@settings.example`;
  await call(request, "POST", "/v1/account/members", accountKey(), { email: embedEmail, role: "owner" });
  await signIn(page, request, embedEmail);
  await page.goto(`${settings}/embed`);
  await expect(page.locator("#embed-snippet")).toContainText(`data-slug="${seeded.slug}"`);
  const origins = page.getByLabel("Websites that may show the widget");
  await origins.fill("https://shop.example/path");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#allowed-origins-error")).toContainText("must be an origin such as https://example.com");
  const pk = () =>
    call(request, "GET", "/v1/api-keys", seeded.sk).then((answer) =>
      (answer.data as { type: string; revoked: boolean; allowed_origins: string[] }[]).find((key) => key.type === "pk" && !key.revoked)!,
    );
  expect((await pk()).allowed_origins).not.toContain("https://shop.example/path");
  await page.getByLabel("Websites that may show the widget").fill("https://shop.example");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  expect((await pk()).allowed_origins).toContain("https://shop.example");
  await expect(page.frameLocator("iframe").getByRole("heading").first()).toBeVisible();
  await look(page, testInfo, "11-embed");

  await page.goto(`${settings}/usage`);
  await expect(page.getByRole("heading", { name: "Plan" })).toBeVisible();
  await expect(page.getByText("pro, step 1")).toBeVisible();
  await look(page, testInfo, "12-usage");
});

test("a refusal in the member's language: German words beside the field, the API's own message as its detail, nothing changed", async ({
  page,
  request,
}, testInfo) => {
  // A third owner: sign-in links are limited to 5 an hour per email.
  const germanEmail = `de-${workspaceId.slice(0, 8)}@settings.example`;
  await call(request, "POST", "/v1/account/members", accountKey(), { email: germanEmail, role: "owner" });
  await signIn(page, request, germanEmail);
  await page.getByLabel("Language").selectOption("de");
  await page.getByRole("button", { name: "Change language" }).click();
  await expect(page.getByRole("heading", { name: "Buchungen" })).toBeVisible();
  const before = await call(request, "GET", "/v1/workspace", seeded.sk);

  await page.goto(`${settings}/profile`);
  await page.getByLabel("Kontakttelefon").fill("12345");
  await page.getByRole("button", { name: "Speichern" }).click();
  const apiSays = "contact_phone: must be an E.164 phone number such as +14155550123";
  const refused = page.locator("#f-contact_phone-error");
  await expect(refused).toHaveText(`Geben Sie die Nummer international ein: + und die Ländervorwahl, z. B. +491701234567. (${apiSays})`);
  // The API's words stay, marked as English for a screen reader.
  await expect(refused.locator('[lang="en"]')).toHaveText(`(${apiSays})`);
  await expect(page.getByLabel("Kontakttelefon")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Kontakttelefon")).toHaveValue("12345");
  await look(page, testInfo, "13-refused-in-german");
  expect((await call(request, "GET", "/v1/workspace", seeded.sk)).contact_phone).toBe(before.contact_phone);

  // The setup forms answer in the same words: Monday's first interval ending before it starts.
  const hoursOf = async () => (await call(request, "GET", `/v1/staff/${seeded.staff[0]!.id}/working-hours`, seeded.sk)).working_hours;
  const week = await hoursOf();
  await page.goto(`/console/${workspaceId}/schedule`);
  const monday = page.getByRole("group", { name: "Montag" });
  await monday.getByLabel("Von (Montag, Zeitraum 1)").fill("17:00");
  await monday.getByLabel("Bis (Montag, Zeitraum 1)").fill("09:00");
  await page.getByRole("button", { name: "Zeiten speichern" }).click();
  await expect(monday.getByRole("alert")).toHaveText(
    /^Das Ende muss nach dem Beginn liegen\. \(working_hours\.\d+\.end_minute: must be after start_minute\.\)$/,
  );
  await expect(monday.getByLabel("Bis (Montag, Zeitraum 1)")).toHaveAttribute("aria-invalid", "true");
  await look(page, testInfo, "14-hours-refused-in-german");
  expect(await hoursOf()).toEqual(week);
});
