import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { api } from "./api";
import { newWorkspace, type TestWorkspace } from "./fixtures";
import { emitBookingEvent } from "./webhooks";
import { addExternalCalendar, seedBooking } from "./factories";
import { seedWaitlistEntry } from "./waitlist";

/** A workspace holding one of every kind of record, made through the API where one exists. */
export type World = TestWorkspace & {
  serviceId: string;
  extraStaffId: string;
  timeOffId: string;
  externalCalendarId: string;
  categoryId: string;
  questionId: string;
  bookingId: string;
  token: string;
  endpointId: string;
  deliveryId: string;
  spareKeyId: string;
  revokedSk: string;
  memberId: string;
  customerId: string;
  seriesId: string;
  waitlistEntryId: string;
};

async function created(response: Promise<{ status: number; body: any }>): Promise<any> {
  const result = await response;
  expect([200, 201], JSON.stringify(result.body)).toContain(result.status);
  return result.body;
}

export async function newWorld(): Promise<World> {
  const ws = await newWorkspace();
  const key = ws.sk;
  const service = await created(api.post("/v1/services", { key, body: { name: "Cut", duration_minutes: 30, payment_mode: "none" } }));
  const extra = await created(api.post("/v1/staff", { key, body: { name: "Sam" } }));
  await created(api.put(`/v1/services/${service.id}/staff`, { key, body: { staff_ids: [ws.staffId, extra.id] } }));
  const timeOff = await created(
    api.post(`/v1/staff/${ws.staffId}/time-off`, { key, body: { starts_at: "2031-01-01T00:00:00Z", ends_at: "2031-01-02T00:00:00Z", reason: "Holiday" } }),
  );
  const external = await addExternalCalendar(ws, ws.staffId);
  const category = await created(api.post("/v1/categories", { key, body: { name: "Hair" } }));
  const question = await created(api.post("/v1/questions", { key, body: { label: "Notes", type: "text" } }));
  const endpoint = await created(api.post("/v1/webhook-endpoints", { key, body: { url: "http://127.0.0.1:9/hooks", events: ["booking.created"] } }));
  const { booking, token } = await seedBooking(ws, { startsAt: new Date(Date.UTC(2031, 5, 2, 14)), serviceId: service.id, status: "confirmed" });
  await emitBookingEvent(ws, "booking.created", booking.id);
  // A series of two weekly occurrences, as POST /v1/bookings with `repeat` makes it.
  const seriesId = randomUUID();
  for (const week of [0, 1]) await seedBooking(ws, { startsAt: new Date(Date.UTC(2031, 5, 3 + 7 * week, 14)), serviceId: service.id, seriesId });
  const waitlistEntry = await seedWaitlistEntry(ws, { serviceId: service.id, customerId: booking.customerId, startsAt: new Date(Date.UTC(2031, 5, 2, 14)) });
  const deliveries = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key });
  const spare = await created(api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "pk", name: "Spare" } }));
  const doomed = await created(api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "sk", name: "Revoked" } }));
  await created(api.post(`/v1/api-keys/${doomed.id}/revoke`, { key }));
  const member = await created(api.post("/v1/account/members", { key: ws.accountKey, body: { email: `staff-${ws.id}@world.example`, role: "staff" } }));
  return {
    ...ws,
    serviceId: service.id,
    extraStaffId: extra.id,
    timeOffId: timeOff.id,
    externalCalendarId: external.id,
    categoryId: category.id,
    questionId: question.id,
    bookingId: booking.id,
    token,
    endpointId: endpoint.id,
    deliveryId: deliveries.body.data[0].id,
    spareKeyId: spare.id,
    revokedSk: doomed.key,
    memberId: member.id,
    customerId: booking.customerId,
    seriesId,
    waitlistEntryId: waitlistEntry.id,
  };
}

/** Fills an operation's path template with the world's records. */
export function resolvePath(template: string, world: World): string {
  const byPrefix: [RegExp, string][] = [
    [/^\/v1\/services\/\{id\}/, world.serviceId],
    [/^\/v1\/staff\/\{id\}/, world.staffId],
    [/^\/v1\/bookings\/\{id\}/, world.bookingId],
    [/^\/v1\/webhook-endpoints\/\{id\}/, world.endpointId],
    [/^\/v1\/api-keys\/\{id\}/, world.spareKeyId],
    [/^\/v1\/categories\/\{id\}/, world.categoryId],
    [/^\/v1\/questions\/\{id\}/, world.questionId],
    [/^\/v1\/account\/workspaces\/\{id\}/, world.id],
    [/^\/v1\/account\/members\/\{id\}/, world.memberId],
    [/^\/v1\/customers\/\{id\}/, world.customerId],
    [/^\/v1\/series\/\{id\}/, world.seriesId],
    [/^\/v1\/waitlist\/\{id\}/, world.waitlistEntryId],
  ];
  let path = template;
  if (path.includes("{id}")) {
    const match = byPrefix.find(([pattern]) => pattern.test(template));
    if (!match) throw new Error(`No record for {id} in ${template}: teach tests/helpers/world.ts about it`);
    path = path.replace("{id}", match[1]);
  }
  path = path
    .replace("{timeOffId}", world.timeOffId)
    .replace("{ecId}", world.externalCalendarId)
    .replace("{deliveryId}", world.deliveryId)
    .replace("{slug}", world.slug)
    .replace("{token}", world.token);
  if (/\{\w+\}/.test(path)) throw new Error(`Unresolved parameter in ${path}: teach tests/helpers/world.ts about it`);
  return path;
}

/** Every record id and the slug of a world: none of these may reach another workspace. */
export function worldSecrets(world: World): string[] {
  return [
    world.id,
    world.slug,
    world.serviceId,
    world.staffId,
    world.extraStaffId,
    world.timeOffId,
    world.externalCalendarId,
    world.categoryId,
    world.questionId,
    world.bookingId,
    world.endpointId,
    world.deliveryId,
    world.spareKeyId,
    world.token,
    world.memberId,
    world.customerId,
    world.seriesId,
    world.waitlistEntryId,
  ];
}
