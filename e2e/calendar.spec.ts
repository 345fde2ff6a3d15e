import { readFileSync } from "node:fs";
import { parseCalendar } from "../tests/helpers/ical";
import { call, firstSlot, seedWorkspace } from "./support/seed";
import { expect, test } from "./support/fixtures";
import { chooseFirstTime, chooseService, fillDetails, uniqueEmail } from "./support/flow";

/**
 * Reminders settings, calendar feeds and the customer's zone against `next start` over real
 * HTTP: the feed lives outside /v1, so its methods, status codes and headers are Next's and ours.
 */
test("a calendar feed over HTTP: made with the secret key, served as text/calendar, replaced and turned off", async ({ request }) => {
  const seeded = await seedWorkspace(request);
  const staffId = seeded.staff[0]!.id;
  const slot = await firstSlot(request, seeded, seeded.services.haircut);
  const booking = await call(request, "POST", "/v1/bookings", seeded.sk, {
    service_id: seeded.services.haircut,
    staff_id: slot.staff_id,
    starts_at: slot.start,
    customer: { name: "Ivy Lund", email: "ivy@customer.example", phone: "+14155550100" },
  });

  const made = await request.put(`/v1/staff/${slot.staff_id}/calendar-feed`, { headers: { Authorization: `Bearer ${seeded.sk}` } });
  expect(made.status()).toBe(200);
  const { url } = (await made.json()) as { url: string };
  const path = new URL(url).pathname;
  expect(path).toMatch(/^\/feeds\/[0-9A-Za-z]{43}\.ics$/);

  const feed = await request.get(path);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(feed.headers()["cache-control"]).toBe("private, no-store");
  expect(feed.headers()["x-content-type-options"]).toBe("nosniff");
  const text = await feed.text();
  expect(text).not.toContain("ivy@customer.example");
  expect(text).not.toContain("+14155550100");
  const calendar = parseCalendar(text);
  expect(calendar.events.map((event) => event.uid)).toEqual([booking.id]);
  expect(calendar.events[0]!.summary).toBe("Haircut – Ivy Lund");
  expect(calendar.events[0]!.start.toISOString()).toBe(new Date(slot.start).toISOString());

  // Only GET (and HEAD) are served; the feed never answers in the API envelope.
  expect((await request.fetch(path, { method: "HEAD" })).status()).toBe(200);
  expect((await request.post(path)).status()).toBe(405);
  const unknown = await request.get("/feeds/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics");
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-type"]).toBe("text/plain; charset=utf-8");

  // The API route: wrong method → 405 in the envelope, with Allow.
  const wrong = await request.get(`/v1/staff/${staffId}/calendar-feed`, { headers: { Authorization: `Bearer ${seeded.sk}` } });
  expect(wrong.status()).toBe(405);
  expect(wrong.headers()["allow"]).toContain("PUT");
  expect((await wrong.json()).error.type).toBe("method_not_allowed");
  const unauthenticated = await request.put(`/v1/staff/${staffId}/calendar-feed`);
  expect(unauthenticated.status()).toBe(401);

  const replaced = await request.put(`/v1/staff/${slot.staff_id}/calendar-feed`, { headers: { Authorization: `Bearer ${seeded.sk}` } });
  const newPath = new URL(((await replaced.json()) as { url: string }).url).pathname;
  expect((await request.get(path)).status()).toBe(404);
  expect((await request.get(newPath)).status()).toBe(200);
  const off = await request.delete(`/v1/staff/${slot.staff_id}/calendar-feed`, { headers: { Authorization: `Bearer ${seeded.sk}` } });
  expect(await off.json()).toEqual({ id: slot.staff_id, deleted: true });
  expect((await request.get(newPath)).status()).toBe(404);
});

test("the reminders setting over HTTP: read, replaced, refused in the envelope", async ({ request }) => {
  const seeded = await seedWorkspace(request);
  const auth = { Authorization: `Bearer ${seeded.sk}` };
  expect((await (await request.get("/v1/workspace", { headers: auth })).json()).reminders).toEqual([{ minutes_before: 1440, channels: ["email"] }]);
  const set = await request.patch("/v1/workspace", { headers: auth, data: { reminders: [{ minutes_before: 120, channels: ["sms", "email"] }] } });
  expect(set.status()).toBe(200);
  expect((await set.json()).reminders).toEqual([{ minutes_before: 120, channels: ["sms", "email"] }]);
  const refused = await request.patch("/v1/workspace", { headers: auth, data: { reminders: [{ minutes_before: 20, channels: ["email"] }] } });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error).toMatchObject({ type: "validation_failed", param: "reminders.0.minutes_before" });
  const document = await (await request.get("/v1/openapi.json")).json();
  expect(document.components.schemas.WorkspaceSettings.properties.reminders).toBeDefined();
  expect(document.paths["/v1/staff/{id}/calendar-feed"]).toHaveProperty("put");
});

test("the booking page sends the browser's zone; every browser's manage page then shows the customer's time", async ({
  page,
  browser,
  request,
  checkpoint,
}) => {
  const seeded = await seedWorkspace(request);
  await page.goto(`/book/${seeded.slug}`);
  await chooseService(page, "Haircut");
  await chooseFirstTime(page);
  const email = uniqueEmail("zone");
  await fillDetails(page, { name: "Ana Lima", email });
  const sent = page.waitForRequest((req) => req.url().endsWith("/v1/bookings") && req.method() === "POST");
  await page.getByRole("button", { name: "Book appointment" }).click();
  expect((await sent).postDataJSON().customer).toEqual({ name: "Ana Lima", email, timezone: "Europe/London", language: "en", locale: "en-GB" });
  await expect(page.getByRole("heading", { name: `You're booked with ${seeded.name}` })).toBeFocused();

  const [booking] = (await call(request, "GET", "/v1/bookings", seeded.sk)).data;
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar (.ics)" }).click();
  const downloaded = parseCalendar(readFileSync((await (await download).path())!, "utf8"));
  expect(downloaded.events).toHaveLength(1);
  expect(downloaded.events[0]).toMatchObject({ uid: booking.id, sequence: 0, status: "CONFIRMED" });
  expect(downloaded.events[0]!.start.toISOString()).toBe(new Date(booking.starts_at).toISOString());

  // Opened later from a browser in another zone, the manage page shows the zone the booking was made from.
  const manageHref = await page.getByRole("link", { name: "Change or cancel this booking" }).getAttribute("href");
  const tokyo = await browser.newContext({ timezoneId: "Asia/Tokyo", locale: "en-GB" });
  const elsewhere = await tokyo.newPage();
  await elsewhere.goto(manageHref!);
  await expect(elsewhere.getByText("Your time")).toBeVisible();
  await expect(elsewhere.getByText(/\(London time\)/)).toBeVisible();
  await expect(elsewhere.getByText(/Tokyo/)).toHaveCount(0);
  await tokyo.close();
  await page.goto(manageHref!);
  await checkpoint("manage-with-customer-zone");
});
