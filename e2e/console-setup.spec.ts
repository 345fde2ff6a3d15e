import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { DateTime } from "luxon";
import { E2E } from "./support/env";
import { expect, screenshotAndAxe, test, WCAG_22_AA_TAGS } from "./support/fixtures";
import { fillDetails, firstTime, uniqueEmail } from "./support/flow";
import { call, seedWorkspace, type Seeded } from "./support/seed";
import { signInFromEmail } from "./support/console";
import { tabTo } from "./support/keyboard";

/**
 * The console's setup pages (docs/console.md#schedule, #services-and-calendars, #getting-started)
 * as an owner uses them: weekly hours with a split shift copied to the other days, time off that
 * leaves the booking page, an ICS calendar served here whose busy time shows on the week view
 * and leaves availability, calendars added, renamed and deactivated, a class with a question
 * booked on the hosted page, and the checklist of a workspace that cannot take a booking yet.
 * Every refused form shows the API's message beside its field and changes nothing. Axe (WCAG 2.2
 * AA) and screenshots at 390 px and 1280 px.
 */
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { label: "390", width: 390, height: 844 },
  { label: "1280", width: 1280, height: 900 },
];
const SCREENS = path.join("e2e", "artifacts", "screens", "console-setup");
const ZONE = "America/New_York";
const accountKey = () => (JSON.parse(readFileSync(E2E.consoleSetupAccountFile, "utf8")) as { account_key: string }).account_key;
const look = (page: Page, testInfo: Parameters<typeof screenshotAndAxe>[1], name: string) =>
  screenshotAndAxe(page, testInfo, name, VIEWPORTS, WCAG_22_AA_TAGS, SCREENS);

const signIn = signInFromEmail;

/**
 * The app's clock at 09:00 tomorrow in the workspace's zone, whatever the hour the suite runs;
 * the day the tests work on is the one after it, so every time on it is hours away.
 */
const pinned = DateTime.now().setZone(ZONE).plus({ days: 1 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
const day = pinned.plus({ days: 1 });
const dayIso = day.toISODate() ?? "";
const at = (time: string) => DateTime.fromISO(`${dayIso}T${time}`, { zone: ZONE }).toISO({ suppressMilliseconds: true }) ?? "";

let seeded: Seeded;
let workspaceId = "";
let ownerEmail = "";

test.beforeAll(async ({ request }) => {
  await call(request, "POST", "/dev/clock", undefined, { now: pinned.toUTC().toISO() });
  seeded = await seedWorkspace(request, { accountFile: E2E.consoleSetupAccountFile });
  workspaceId = (await call(request, "GET", "/v1/workspace", seeded.sk)).id;
  ownerEmail = `owner-${workspaceId.slice(0, 8)}@console-setup.example`;
  await call(request, "POST", "/v1/account/members", accountKey(), { email: ownerEmail, role: "owner" });
});
test.afterAll(async ({ request }) => {
  await request.delete("/dev/clock");
});

/** A split shift every day: 09:00–12:00 and 13:00–17:00. */
const SPLIT_WEEK = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
  { weekday, start_minute: 540, end_minute: 720 },
  { weekday, start_minute: 780, end_minute: 1020 },
]);

const hoursOf = async (request: APIRequestContext) =>
  (await call(request, "GET", `/v1/staff/${seeded.staff[0]!.id}/working-hours`, seeded.sk)).working_hours as {
    weekday: number;
    start_minute: number;
    end_minute: number;
  }[];

/** The starts the hosted page offers for a service on the day, as a customer sees them. */
async function offeredOnPage(page: Page, serviceId: string): Promise<string[]> {
  await page.goto(`/book/${seeded.slug}?service=${serviceId}&day=${dayIso}`);
  const times = page.getByRole("group", { name: /^Times on/ }).getByRole("button");
  await expect(times.first()).toBeVisible();
  return times.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-start") ?? ""));
}

test("weekly hours: a split shift copied to every day; time off added leaves the booking page and shows on the week view", async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, request, ownerEmail);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Schedule" }).click();
  await expect(page.getByRole("heading", { name: "Schedule", level: 1 })).toBeVisible();
  await look(page, testInfo, "01-schedule");

  // Monday: 09:00–12:00 and 13:00–17:00, then copied onto every other day.
  const monday = page.getByRole("group", { name: "Monday" });
  await monday.getByLabel("From (Monday, interval 1)").fill("09:00");
  await monday.getByLabel("Until (Monday, interval 1)").fill("12:00");
  await monday.getByRole("button", { name: "Add interval" }).click();
  await monday.getByLabel("From (Monday, interval 2)").fill("13:00");
  await monday.getByLabel("Until (Monday, interval 2)").fill("17:00");
  await monday.getByRole("button", { name: "Copy to other days" }).click();
  const copyTo = monday.getByRole("group", { name: "Copy the hours of Monday to" });
  for (const other of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) await copyTo.getByLabel(other).check();
  await look(page, testInfo, "02-copy-monday");
  await copyTo.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("group", { name: "Sunday" }).getByLabel("From (Sunday, interval 2)")).toHaveValue("13:00");
  await page.getByRole("button", { name: "Save hours" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Weekly hours saved." })).toBeVisible();
  expect(await hoursOf(request)).toEqual(SPLIT_WEEK);

  // A refused week: the API's message beside the interval it names, and nothing saved.
  await page.getByRole("group", { name: "Tuesday" }).getByLabel("Until (Tuesday, interval 2)").fill("12:30");
  await page.getByRole("button", { name: "Save hours" }).click();
  const refusal = page.getByRole("group", { name: "Tuesday" }).getByRole("alert");
  await expect(refusal).toHaveText("working_hours.3.end_minute: must be after start_minute.");
  await expect(page.getByRole("group", { name: "Tuesday" }).getByLabel("Until (Tuesday, interval 2)")).toHaveAttribute("aria-invalid", "true");
  await look(page, testInfo, "03-hours-refused");
  expect(await hoursOf(request)).toEqual(SPLIT_WEEK);

  // Time off from 10:00 to 11:30 on the day: its times leave the booking page, the others stay.
  const before = await offeredOnPage(page, seeded.services.trim);
  expect(before).toEqual(expect.arrayContaining([at("09:00"), at("10:00"), at("11:00"), at("11:30")]));
  await page.goto(`/console/${workspaceId}/schedule`);
  // A refused period: ends before it starts.
  await page.getByLabel("Starts").fill(`${dayIso}T11:30`);
  await page.getByLabel("Ends").fill(`${dayIso}T10:00`);
  await page.getByRole("button", { name: "Add time off" }).click();
  await expect(page.getByText("ends_at: must be after starts_at.")).toBeVisible();
  await expect(page.getByLabel("Ends")).toHaveAttribute("aria-describedby", "time-off-end-error");
  expect((await call(request, "GET", `/v1/staff/${seeded.staff[0]!.id}/time-off`, seeded.sk)).data).toEqual([]);
  await page.getByLabel("Starts").fill(`${dayIso}T10:00`);
  await page.getByLabel("Ends").fill(`${dayIso}T11:30`);
  await page.getByLabel("Reason (optional)").fill("Dentist");
  await page.getByRole("button", { name: "Add time off" }).click();
  await expect(page.getByRole("list", { name: "Time off ahead" }).getByRole("listitem")).toHaveText(new RegExp(`${dayIso} 10:00 to ${dayIso} 11:30 · Dentist`));
  await look(page, testInfo, "04-time-off");
  const after = await offeredOnPage(page, seeded.services.trim);
  expect(after).toContain(at("09:00"));
  expect(after).toContain(at("11:30"));
  for (const gone of ["10:00", "10:30", "11:00"]) expect(after).not.toContain(at(gone));

  await page.goto(`/console/${workspaceId}/bookings?view=week&date=${dayIso}`);
  await expect(page.getByRole("list", { name: "Not offered" })).toContainText(
    `${day.toFormat("ccc d LLL")}, 10:00 – ${day.toFormat("ccc d LLL")}, 11:30 · Time off`,
  );
  await look(page, testInfo, "05-week-with-time-off");

  // Removed, the times come back.
  await page.goto(`/console/${workspaceId}/schedule`);
  await page.getByRole("button", { name: `Remove time off from ${dayIso} 10:00` }).click();
  await expect(page.getByText("No time off ahead.")).toBeVisible();
  expect(await offeredOnPage(page, seeded.services.trim)).toContain(at("10:00"));
});

test("keyboard only: an interval added to Monday and the week saved, focus always visible", async ({ page, request }) => {
  // Its own starting week, so that it runs alone as in the file's order: two intervals on Monday.
  await call(request, "PUT", `/v1/staff/${seeded.staff[0]!.id}/working-hours`, seeded.sk, { working_hours: SPLIT_WEEK });
  await signIn(page, request, ownerEmail);
  await page.goto(`/console/${workspaceId}/schedule`);
  const monday = page.getByRole("group", { name: "Monday" });
  // From the interval's "Remove" (a time field's focus sits in its inner parts, which this check cannot read).
  await monday.getByRole("button", { name: "Remove interval 2 of Monday" }).focus();
  await tabTo(page, /^Add interval$/);
  await page.keyboard.press("Enter");
  await expect(monday.getByLabel("From (Monday, interval 3)")).toHaveValue("17:00");
  await page.getByRole("group", { name: "Sunday" }).getByRole("button", { name: "Copy to other days" }).focus();
  await tabTo(page, /^Save hours$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Weekly hours saved." })).toBeVisible();
  expect((await hoursOf(request)).filter((block) => block.weekday === 1)).toEqual([
    { weekday: 1, start_minute: 540, end_minute: 720 },
    { weekday: 1, start_minute: 780, end_minute: 1020 },
    { weekday: 1, start_minute: 1020, end_minute: 1440 },
  ]);
});

test("an ICS calendar served here: its busy time shows on the week view with its source and leaves availability; a failing sync says why", async ({
  page,
  request,
}, testInfo) => {
  let answer: { status: number; body: string } = {
    status: 200,
    body: [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Console setup spec//EN",
      "BEGIN:VEVENT",
      "UID:dentist-1@console-setup.example",
      "DTSTAMP:20260101T000000Z",
      `DTSTART:${day.set({ hour: 14 }).toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`,
      `DTEND:${day.set({ hour: 15 }).toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`,
      "SUMMARY:Private",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n"),
  };
  const server = http.createServer((_, response) => {
    response.writeHead(answer.status, { "Content-Type": answer.status === 200 ? "text/calendar" : "text/html" });
    response.end(answer.status === 200 ? answer.body : "<html>Server error</html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const icsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/private-abc/basic.ics`;
  try {
    await signIn(page, request, ownerEmail);
    await page.goto(`/console/${workspaceId}/schedule`);
    expect((await offeredOnPage(page, seeded.services.trim)).filter((start) => start === at("14:00"))).toHaveLength(1);
    await page.goto(`/console/${workspaceId}/schedule`);

    // Refused: no address. The API's message beside the field, nothing connected.
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.locator("#external-url-error")).toContainText("url:");
    expect((await call(request, "GET", `/v1/staff/${seeded.staff[0]!.id}/external-calendars`, seeded.sk)).data).toEqual([]);

    await page.getByLabel("Calendar address").fill(icsUrl);
    await page.getByLabel("Name (optional)").fill("Home calendar");
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    const connected = page.getByRole("list", { name: "Connected calendars" }).getByRole("listitem");
    await expect(connected).toContainText("Home calendar");
    await expect(connected).toContainText("Synced");
    await look(page, testInfo, "06-external-connected");

    await page.goto(`/console/${workspaceId}/bookings?view=week&date=${dayIso}`);
    await expect(page.getByRole("list", { name: "Not offered" })).toContainText(
      `${day.toFormat("ccc d LLL")}, 14:00 – ${day.toFormat("ccc d LLL")}, 15:00 · Busy in Home calendar`,
    );
    await look(page, testInfo, "07-week-with-busy-time");
    const offered = await offeredOnPage(page, seeded.services.trim);
    expect(offered).not.toContain(at("14:00"));
    expect(offered).toContain(at("15:00"));

    // The source fails: "Sync now" says so, with the reason in words.
    answer = { status: 500, body: "" };
    await page.goto(`/console/${workspaceId}/schedule`);
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect(connected).toContainText("Failing");
    await expect(connected.getByRole("definition").filter({ hasText: /500/ })).toBeVisible();
    await look(page, testInfo, "08-external-failing");
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("calendars added, renamed and deactivated; a class with a capacity and a question is created and booked on the hosted page", async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, request, ownerEmail);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Calendars" }).click();
  await expect(page.getByRole("heading", { name: "Calendars", level: 1 })).toBeVisible();
  const staffCount = async () => ((await call(request, "GET", "/v1/staff", seeded.sk)).data as unknown[]).length;

  // Refused: a calendar without a name.
  const adding = page.getByRole("region", { name: "Add a calendar" });
  await adding.getByRole("button", { name: "Add calendar" }).click();
  await expect(adding.getByRole("alert")).toContainText("name:");
  expect(await staffCount()).toBe(1);

  await adding.getByLabel("Name").fill("Studio B");
  await adding.getByRole("button", { name: "Add calendar" }).click();
  await expect(page.getByRole("heading", { name: "Studio B" })).toBeVisible();
  const studio = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Studio B" }) });
  await studio.getByLabel("Name").fill("Studio Blue");
  await studio.getByRole("button", { name: "Save Studio B" }).click();
  await expect(page.getByRole("heading", { name: "Studio Blue" })).toBeVisible();
  await page.getByRole("button", { name: "Deactivate Studio Blue" }).click();
  await expect(page.getByRole("heading", { name: "Studio Blue · inactive" })).toBeVisible();
  const calendars = (await call(request, "GET", "/v1/staff", seeded.sk)).data as { name: string; active: boolean }[];
  expect(calendars.find((calendar) => calendar.name === "Studio Blue")?.active).toBe(false);
  await look(page, testInfo, "09-calendars");

  // A new class: refused first (no places), then created.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Services" }).click();
  await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
  await look(page, testInfo, "10-services");
  await page.getByRole("link", { name: "New service" }).click();
  const serviceCount = async () => ((await call(request, "GET", "/v1/services", seeded.sk)).data as unknown[]).length;
  const services = await serviceCount();
  await page.getByLabel("Name", { exact: true }).fill("Pottery class");
  await page.getByLabel("Length (minutes)").fill("60");
  await page.getByLabel("Places per time").fill("0");
  await page.getByLabel("Price in USD (optional)").fill("40");
  await page.getByLabel("Payment at booking").selectOption({ label: "A deposit in percent" });
  await page.getByLabel("Deposit (% of the price)").fill("25");
  await expect(page.getByText("Paid at booking: $10.00")).toBeVisible();
  await page.getByLabel("Payment at booking").selectOption({ label: "No payment" });
  await expect(page.getByText("Nothing is paid at booking.")).toBeVisible();
  await page.getByRole("button", { name: "Create service" }).click();
  await expect(page.locator("#service-capacity-error")).toContainText("capacity:");
  await expect(page.getByLabel("Places per time")).toHaveAttribute("aria-invalid", "true");
  await look(page, testInfo, "11-service-refused");
  expect(await serviceCount()).toBe(services);

  await page.getByLabel("Places per time").fill("6");
  await expect(page.getByRole("group", { name: "Calendars that offer it" }).getByLabel("Alex Rivera")).toBeChecked();
  await expect(page.getByRole("group", { name: "Calendars that offer it" }).getByLabel("Studio Blue (inactive)")).not.toBeChecked();
  await page.getByRole("button", { name: "Create service" }).click();
  await expect(page.getByRole("heading", { name: "Pottery class", level: 1 })).toBeVisible();
  await expect(page.getByText("Service created.")).toBeVisible();
  const made = ((await call(request, "GET", "/v1/services", seeded.sk)).data as { id: string; name: string; capacity: number; staff_ids: string[] }[]).find(
    (service) => service.name === "Pottery class",
  );
  expect(made).toMatchObject({ capacity: 6, staff_ids: [seeded.staff[0]!.id] });

  // Two questions, the second moved before the first.
  await page.getByLabel("Question", { exact: true }).fill("Anything we should know?");
  await page.getByRole("button", { name: "Add question" }).click();
  await expect(page.getByRole("list", { name: "Questions asked, in order" }).getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("Question", { exact: true }).fill("Have you thrown clay before?");
  await page.getByLabel("Answer", { exact: true }).selectOption({ label: "A choice from a list" });
  await page.getByLabel("Choices").fill("Never\nA few times\nOften");
  await page.getByLabel("An answer is required").check();
  await page.getByRole("button", { name: "Add question" }).click();
  const asked = page.getByRole("list", { name: "Questions asked, in order" }).getByRole("listitem");
  await expect(asked).toHaveCount(2);
  await page.getByRole("button", { name: "Move up: Have you thrown clay before?" }).click();
  await expect(asked.first()).toContainText("Have you thrown clay before?");
  await look(page, testInfo, "12-service-with-questions");

  // The customer books a seat of the class on the hosted page, answering its question.
  await page.goto(`/book/${seeded.slug}`);
  await page.getByRole("button", { name: /^Pottery class/ }).click();
  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeFocused();
  const slot = await firstTime(page);
  await expect(slot).toContainText("6 spots left");
  await slot.click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
  const labels = await page.locator("form label").allTextContents();
  expect(labels.findIndex((label) => label.includes("Have you thrown clay before?"))).toBeLessThan(
    labels.findIndex((label) => label.includes("Anything we should know?")),
  );
  await fillDetails(page, { name: "Noor Haddad", email: uniqueEmail("pottery") });
  await page.getByLabel(/Have you thrown clay before\?/).selectOption("A few times");
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeFocused();
  const booked = (await call(request, "GET", `/v1/bookings?service_id=${made!.id}`, seeded.sk)).data as { status: string; answers: { value: string }[] }[];
  expect(booked).toHaveLength(1);
  expect(booked[0]!.status).toBe("confirmed");
  expect(booked[0]!.answers.map((answer) => answer.value)).toContain("A few times");
});

test("categories: added, renamed (a blank name refused), moved and deleted; a service filed under a deleted one stays, uncategorised", async ({
  page,
  request,
}, testInfo) => {
  // A second owner: sign-in links are limited to 5 an hour per email, and the first one has had theirs.
  const categoriesEmail = `categories-${workspaceId.slice(0, 8)}@console-setup.example`;
  await call(request, "POST", "/v1/account/members", accountKey(), { email: categoriesEmail, role: "owner" });
  await signIn(page, request, categoriesEmail);
  const names = async () => ((await call(request, "GET", "/v1/categories", seeded.sk)).data as { id: string; name: string }[]).map((row) => row.name);
  const before = await names();
  await page.goto(`/console/${workspaceId}/services`);
  const categories = page.getByRole("region", { name: "Categories" });
  for (const name of ["Barbering", "Treatments"]) {
    await categories.getByLabel("Category name", { exact: true }).fill(name);
    await categories.getByRole("button", { name: "Add category" }).click();
    await expect(categories.getByLabel(`Name of ${name}`, { exact: true })).toBeVisible();
  }
  expect(await names()).toEqual([...before, "Barbering", "Treatments"]);
  const barbering = ((await call(request, "GET", "/v1/categories", seeded.sk)).data as { id: string; name: string }[]).find((row) => row.name === "Barbering")!;
  await call(request, "PUT", `/v1/services/${seeded.services.trim}/category`, seeded.sk, { category_id: barbering.id });

  // A blank name: the API's refusal beside the field, nothing renamed.
  await categories.getByLabel("Name of Treatments", { exact: true }).fill(" ");
  await categories.getByRole("button", { name: "Rename Treatments", exact: true }).click();
  await expect(categories.getByRole("alert")).toContainText("name:");
  await expect(categories.getByLabel("Name of Treatments", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(await names()).toContain("Treatments");

  await categories.getByLabel("Name of Treatments", { exact: true }).fill("Treatments and care");
  await categories.getByRole("button", { name: "Rename Treatments", exact: true }).click();
  await expect(categories.getByLabel("Name of Treatments and care", { exact: true })).toBeVisible();
  await categories.getByRole("button", { name: "Move up: Treatments and care" }).click();
  // The list shows the new order, as the booking page will.
  const shown = (...order: string[]) => [...before, ...order].map((name) => `Name of ${name}`);
  await expect(categories.getByRole("listitem")).toContainText(shown("Treatments and care", "Barbering"));
  await look(page, testInfo, "15-categories");
  expect(await names()).toEqual([...before, "Treatments and care", "Barbering"]);

  await categories.getByRole("button", { name: "Delete Barbering" }).click();
  await expect(categories.getByLabel("Name of Barbering", { exact: true })).toHaveCount(0);
  expect(await names()).not.toContain("Barbering");
  const trim = await call(request, "GET", `/v1/services/${seeded.services.trim}`, seeded.sk);
  expect(trim.category_id).toBeNull();
  expect(trim.active).toBe(true);
});

test("a workspace that cannot take a booking yet opens on the checklist; once it has hours and a service, on its calendar", async ({
  page,
  request,
}, testInfo) => {
  const created = await call(request, "POST", "/v1/account/workspaces", accountKey(), {
    name: "Fresh Studio",
    timezone: ZONE,
    staff_name: "Robin",
    with_secret_key: true,
  });
  const sk = created.secret_key as string;
  const freshId = (await call(request, "GET", "/v1/workspace", sk)).id as string;
  await signIn(page, request, ownerEmail);
  await page.goto(`/console/${freshId}/bookings`);
  const checklist = page.getByRole("region", { name: "Get ready for your first booking" });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole("listitem")).toHaveCount(3);
  await expect(checklist.getByRole("listitem").nth(1)).toContainText("To do:");
  await expect(checklist.getByRole("link", { name: new RegExp(`/book/${created.slug}$`) })).toBeVisible();
  await look(page, testInfo, "13-checklist");
  await checklist.getByRole("link", { name: "Add a service" }).click();
  await expect(page.getByRole("heading", { name: "New service" })).toBeVisible();
  await look(page, testInfo, "14-new-service");

  const robin = ((await call(request, "GET", "/v1/staff", sk)).data as { id: string }[])[0]!;
  await call(request, "PUT", `/v1/staff/${robin.id}/working-hours`, sk, { working_hours: [{ weekday: 1, start_minute: 540, end_minute: 1020 }] });
  const service = await call(request, "POST", "/v1/services", sk, { name: "Lesson", duration_minutes: 60, payment_mode: "none" });
  await call(request, "PUT", `/v1/services/${service.id}/staff`, sk, { staff_ids: [robin.id] });
  await page.goto(`/console/${freshId}/bookings`);
  await expect(page.getByRole("heading", { name: "Bookings" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Get ready for your first booking" })).toHaveCount(0);
});
