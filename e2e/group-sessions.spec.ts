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

async function addWorkshop(request: APIRequestContext, seeded: Seeded): Promise<string> {
  const made = await call(request, "POST", "/v1/services", seeded.sk, {
    name: "Pottery workshop",
    duration_minutes: 120,
    price_cents: null,
    payment_mode: "none",
    description: "Throw a bowl on the wheel. Clay and glazes included.",
    capacity: 8,
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

  // The last two seats taken: the time is no longer offered.
  await bookSeats(request, seeded, workshop, start, 2);
  expect(await seatsLeft(request, seeded, workshop, start)).toBeUndefined();
  await page.goto(`/book/${seeded.slug}`);
  await page.getByRole("button", { name: /^Pottery workshop/ }).click();
  await shownTimes(page);
  await expect(page.locator(`button[data-start="${start}"]`)).toHaveCount(0);
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
