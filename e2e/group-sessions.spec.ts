import type { APIRequestContext } from "@playwright/test";
import { DateTime } from "luxon";
import { E2E } from "./support/env";
import { fillDetails, firstTime, shownTimes, uniqueEmail } from "./support/flow";
import { expect, test } from "./support/journey";
import { call, seedWorkspace, type Seeded } from "./support/seed";

/**
 * Group sessions (docs/group-sessions.md): a class's times say how many spots are left, on the
 * hosted page and in the widget, and a customer books a seat with the usual flow.
 */
const FRAME = 'iframe[title="Online booking"]';
/** A logo the business publishes (https only), served to the browser by the test. */
const LOGO_ORIGIN = "https://logos.group-e2e.example";
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48"><rect width="160" height="48" rx="8" fill="#7c3aed"/><circle cx="24" cy="24" r="12" fill="#fff"/></svg>`;

/**
 * The app's clock at 09:00 tomorrow in the workspaces' zone, whatever the hour the suite runs:
 * a class's first time then has later times beside it on the day the page shows (late in the
 * evening, the first time was the day's last one).
 */
let pinnedNow = new Date();
test.beforeEach(async ({ request }) => {
  pinnedNow = DateTime.now().setZone("America/New_York").plus({ days: 1 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 }).toJSDate();
  await call(request, "POST", "/dev/clock", undefined, { now: pinnedNow.toISOString() });
});
test.afterEach(async ({ request }) => {
  await request.delete("/dev/clock");
});

async function addWorkshop(request: APIRequestContext, seeded: Seeded, capacity = 8): Promise<string> {
  const made = await call(request, "POST", "/v1/services", seeded.sk, {
    name: "Pottery workshop",
    duration_minutes: 120,
    price_cents: null,
    payment_mode: "none",
    description: "Throw a bowl on the wheel. Clay and glazes included.",
    capacity,
  });
  await call(request, "PUT", `/v1/services/${made.id}/staff`, seeded.sk, { staff_ids: seeded.staff.map((calendar) => calendar.id) });
  return made.id as string;
}

async function seatsLeft(request: APIRequestContext, seeded: Seeded, serviceId: string, start: string): Promise<number | undefined> {
  const from = new Date(Date.parse(start) - 60_000).toISOString();
  const to = new Date(Date.parse(start) + 60_000).toISOString();
  const answer = await call(
    request,
    "GET",
    `/v1/availability?service_id=${serviceId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    seeded.sk,
  );
  return (answer.data as { slots: { start: string; seats_left?: number }[] }[]).flatMap((calendar) => calendar.slots)[0]?.seats_left;
}

async function bookSeats(request: APIRequestContext, seeded: Seeded, serviceId: string, start: string, count: number) {
  for (let i = 0; i < count; i++) {
    await call(request, "POST", "/v1/bookings", seeded.sk, {
      service_id: serviceId,
      starts_at: start,
      customer: { name: `Guest ${i}`, email: uniqueEmail("seat") },
    });
  }
}

test("the hosted page shows the spots left at each time of a class, and books one seat", async ({ page, request, look }) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.groupSessionsAccountFile });
  const workshop = await addWorkshop(request, seeded);
  await page.goto(`/book/${seeded.slug}`);
  await page.getByRole("button", { name: /^Pottery workshop/ }).click();
  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeFocused();
  const slot = await firstTime(page);
  const start = (await slot.getAttribute("data-start"))!;
  await expect(slot).toContainText("8 spots left");

  // Five seats go to others; the page, read again, says three are left at that time only.
  await bookSeats(request, seeded, workshop, start, 5);
  await page.reload();
  const taken = page.locator(`button[data-start="${start}"]`);
  await expect(taken).toContainText("3 spots left");
  await expect(taken).toHaveAttribute("aria-label", /, 3 spots left$/);
  await look("times-with-spots-left");

  await taken.click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeFocused();
  await fillDetails(page, { name: "Noor Haddad", email: uniqueEmail("workshop") });
  await page.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeFocused();
  await look("seat-booked");
  expect(await seatsLeft(request, seeded, workshop, start)).toBe(2);

  // The last two seats taken: the time is no longer bookable; the page calls it full, with its waitlist.
  await bookSeats(request, seeded, workshop, start, 2);
  expect(await seatsLeft(request, seeded, workshop, start)).toBeUndefined();
  await page.goto(`/book/${seeded.slug}`);
  await page.getByRole("button", { name: /^Pottery workshop/ }).click();
  await shownTimes(page);
  await expect(page.locator(`button[data-start="${start}"]`)).toContainText("Full");
  await expect(page.locator(`button[data-start="${start}"]`)).toHaveAttribute("aria-label", /, full: join the waitlist$/);
});

test("a full class's waitlist: join from the hosted page, a seat frees, the offer email's link books it in one click", async ({ page, request, look }) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.groupSessionsAccountFile });
  const workshop = await addWorkshop(request, seeded, 2);
  await page.goto(`/book/${seeded.slug}`);
  await page.getByRole("button", { name: /^Pottery workshop/ }).click();
  const start = (await (await firstTime(page)).getAttribute("data-start"))!;
  const first = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: workshop,
    starts_at: start,
    customer: { name: "Guest One", email: uniqueEmail("seat") },
  });
  await bookSeats(request, seeded, workshop, start, 1);

  // Full now: the time says so, and choosing it opens the waitlist instead of the details.
  await page.reload();
  const full = page.locator(`button[data-start="${start}"]`);
  await expect(full).toContainText("Full");
  await look("times-with-a-full-class");
  await full.click();
  await expect(page.getByRole("heading", { name: "Join the waitlist" })).toBeFocused();
  await expect(page).toHaveURL(/step=waitlist/);
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page.getByLabel("Full name")).toBeFocused();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  const email = uniqueEmail("waitlist");
  await fillDetails(page, { name: "Wren Waiting", email });
  await look("waitlist-form");
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page.getByRole("heading", { name: "You're on the waitlist" })).toBeFocused();
  await expect(page.getByText("You're number 1 in line.")).toBeVisible();
  await look("waitlist-joined");

  // The same email again for the same class: told it already waits, and still one entry.
  await page.getByRole("button", { name: "Choose another time" }).click();
  await page.locator(`button[data-start="${start}"]`).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page.getByRole("heading", { name: "You're already on this waitlist" })).toBeFocused();
  const line = await call(request, "GET", `/v1/waitlist?service_id=${workshop}`, seeded.sk);
  expect((line.data as { status: string; position: number }[]).map((entry) => [entry.status, entry.position])).toEqual([["waiting", 1]]);

  // A seat frees: the background work offers it to the first in line, by email.
  await call(request, "POST", `/v1/bookings/${first.id}/cancel`, seeded.sk, { reason: "Can't come" });
  await call(request, "POST", "/dev/jobs/run", undefined);
  let text = "";
  await expect
    .poll(async () => {
      const answer = await call(request, "GET", `/dev/outbox/messages?to=${encodeURIComponent(email)}`, undefined);
      text = (answer.data as { text: string }[]).map((message) => message.text).join("\n");
      return text;
    })
    .toContain("action=book");
  const link = /https?:\/\/\S+\/waitlist\/\S+action=book/.exec(text)![0];
  // The link's page wears the business's brand like its other pages: its colour, its logo, its
  // dark theme, its name as the page's heading; the seat's class and time below.
  await call(request, "PATCH", "/v1/workspace", seeded.sk, { brand_color: "#7c3aed", logo_url: `${LOGO_ORIGIN}/studio.svg`, theme: "dark" });
  await page.route(`${LOGO_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: "image/svg+xml", body: LOGO }));
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("img", { name: seeded.name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Pottery workshop" })).toBeVisible();
  await expect(page.getByText(/is held for you for 30 minutes/)).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark");
  await look("waitlist-offer-link");
  // Opening the page (a mail scanner's prefetch too) changed nothing: the seat is still offered.
  const offered = await call(request, "GET", `/v1/waitlist?service_id=${workshop}`, seeded.sk);
  expect((offered.data as { status: string }[]).map((entry) => entry.status)).toEqual(["offered"]);
  await page.getByRole("button", { name: "Book this seat" }).click();
  // Booked: the customer lands on the booking's own page, as the confirmation email's link leads.
  await expect(page).toHaveURL(/\/manage\//);
  await expect(page.getByRole("heading", { level: 2, name: /^Pottery workshop, / })).toBeVisible();
  await look("waitlist-offer-booked");
  // The email's link again, later: the same booking, never a second.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/manage\//);
  const entries = await call(request, "GET", `/v1/waitlist?service_id=${workshop}`, seeded.sk);
  const [entry] = entries.data as { status: string; booking_id: string }[];
  expect(entry!.status).toBe("booked");
  expect((await call(request, "GET", `/v1/bookings/${entry!.booking_id}`, seeded.sk)).status).toBe("confirmed");
});

test("a waitlist email's leave link opens the page in the customer's language, and leaves the line in one click", async ({ page, request, look }) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.groupSessionsAccountFile });
  const workshop = await addWorkshop(request, seeded, 2);
  await page.goto(`/book/${seeded.slug}`);
  await page.getByRole("button", { name: /^Pottery workshop/ }).click();
  const start = (await (await firstTime(page)).getAttribute("data-start"))!;
  await bookSeats(request, seeded, workshop, start, 2);
  const email = uniqueEmail("warteliste");
  await call(request, "POST", "/v1/waitlist", seeded.sk, {
    service_id: workshop,
    starts_at: start,
    customer: { name: "Greta Wartend", email, language: "de" },
  });
  let text = "";
  await call(request, "POST", "/dev/jobs/run", undefined);
  await expect
    .poll(async () => {
      const answer = await call(request, "GET", `/dev/outbox/messages?to=${encodeURIComponent(email)}`, undefined);
      text = (answer.data as { text: string }[]).map((message) => message.text).join("\n");
      return text;
    })
    .toContain("action=leave");
  const link = new URL(/https?:\/\/\S+\/waitlist\/\S+action=leave/.exec(text)![0]);
  await page.goto(link.pathname + link.search);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByText("Ihr Wartelistenplatz bei")).toBeVisible();
  await expect(page.getByText(/ist ausgebucht\. Wir schreiben Ihnen/)).toBeVisible();
  await look("waitlist-leave-link-de");
  await page.getByRole("button", { name: "Warteliste verlassen" }).click();
  await expect(page.getByText(/Sie haben die Warteliste für Pottery workshop am .* verlassen\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Warteliste verlassen" })).toHaveCount(0);
  const entries = await call(request, "GET", `/v1/waitlist?service_id=${workshop}`, seeded.sk);
  expect((entries.data as { status: string }[]).map((entry) => entry.status)).toEqual(["left"]);
});

test("the widget shows the spots left and a seat of one", async ({ page, request, look }) => {
  const seeded = await seedWorkspace(request, { accountFile: E2E.groupSessionsAccountFile, allowedOrigins: [E2E.hostUrl] });
  const workshop = await addWorkshop(request, seeded);
  const probe = await call(
    request,
    "GET",
    `/v1/availability?service_id=${workshop}&from=${encodeURIComponent(new Date(pinnedNow.getTime() + 15 * 60_000).toISOString())}&to=${encodeURIComponent(new Date(pinnedNow.getTime() + 2 * 86_400_000).toISOString())}`,
    seeded.sk,
  );
  const start = (probe.data as { slots: { start: string }[] }[])[0]!.slots[0]!.start;
  await bookSeats(request, seeded, workshop, start, 7);

  await page.goto(`${E2E.hostUrl}/?slug=${seeded.slug}&mode=inline`);
  const frame = page.frameLocator(FRAME);
  await frame.getByRole("button", { name: /^Pottery workshop/ }).click();
  const last = frame.locator(`button[data-start="${start}"]`);
  await expect(last).toContainText("1 spot left");
  await expect(frame.locator(`button[data-start]:not([data-start="${start}"])`).first()).toContainText("8 spots left");
  await look("widget-spots-left");
  await last.click();
  await frame.getByLabel("Full name").fill("Jo Kerr");
  await frame.getByLabel("Email").fill(uniqueEmail("widget-seat"));
  await frame.getByRole("button", { name: "Book appointment" }).click();
  await expect(frame.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeVisible();
  expect(await seatsLeft(request, seeded, workshop, start)).toBeUndefined();
});
