import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { E2E } from "./env";
import { call, firstSlot, seedWorkspace, type Seeded } from "./seed";

/**
 * Everything the real-HTTP fuzz needs to make requests that reach the domain: a seeded
 * workspace with a booking, time off, a webhook endpoint with a delivery, a category, a
 * question and a spare key; a workspace of the fuzz's own account; and the ids and open
 * slots that valid bodies pick from.
 */
export type FuzzWorld = {
  seeded: Seeded;
  sk: string;
  pk: string;
  accountKey: string;
  /** Values that name something real, per path parameter and path prefix. */
  pathValues: (path: string, name: string) => string;
  uuids: string[];
  instants: string[];
};

const readAccountKey = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as { account_key: string }).account_key;

export async function buildFuzzWorld(request: APIRequestContext): Promise<FuzzWorld> {
  const seeded = await seedWorkspace(request, { secondCalendar: true });
  const api = (method: string, path: string, body?: unknown) => call(request, method, path, seeded.sk, body);
  const slot = await firstSlot(request, seeded, seeded.services.haircut);
  const customer = { name: "Fuzz Target", email: "fuzz@customer.example" };
  const booking = await api("POST", "/v1/bookings", { service_id: seeded.services.haircut, starts_at: slot.start, customer });
  const staffId = seeded.staff[0]!.id;
  const timeOff = await api("POST", `/v1/staff/${staffId}/time-off`, { starts_at: "2031-01-01T00:00:00Z", ends_at: "2031-01-02T00:00:00Z", reason: "fuzz" });
  // Dev tools allow a local receiver; nothing listens on port 9, so attempts fail fast.
  const endpoint = await api("POST", "/v1/webhook-endpoints", {
    url: "http://127.0.0.1:9/hooks",
    events: ["booking.created", "booking.cancelled", "booking.rescheduled"],
  });
  await api("POST", "/v1/bookings", { service_id: seeded.services.trim, starts_at: (await firstSlot(request, seeded, seeded.services.trim)).start, customer });
  const [delivery] = (await api("GET", `/v1/webhook-endpoints/${endpoint.id}/deliveries`)).data as { id: string }[];
  const category = await api("POST", "/v1/categories", { name: "Fuzzed" });
  const question = await api("POST", "/v1/questions", { label: "Anything we should know?", type: "text", required: false });
  const workspaceId = (await api("GET", "/v1/workspace")).id as string;
  const spare = await call(request, "POST", `/v1/account/workspaces/${workspaceId}/keys`, readAccountKey(E2E.accountFile), { type: "pk", name: "spare" });

  const accountKey = readAccountKey(E2E.fuzzAccountFile);
  const own = await call(request, "POST", "/v1/account/workspaces", accountKey, { name: "Fuzz account's own", timezone: "Asia/Kolkata" });

  const availability = (
    await api(
      "GET",
      `/v1/availability?service_id=${seeded.services.trim}&from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 3 * 86_400_000).toISOString())}`,
    )
  ).data as { slots: { start: string }[] }[];
  const instants = availability.flatMap((calendar) => calendar.slots.slice(0, 20).map((open) => open.start));

  const byPrefix: [string, string][] = [
    ["/v1/services", seeded.services.haircut],
    ["/v1/staff", staffId],
    ["/v1/bookings", booking.id],
    ["/v1/webhook-endpoints", endpoint.id],
    ["/v1/api-keys", spare.id],
    ["/v1/categories", category.id],
    ["/v1/questions", question.id],
    ["/v1/account/workspaces", own.id],
  ];
  const pathValues = (path: string, name: string) => {
    if (name === "timeOffId") return timeOff.id as string;
    if (name === "deliveryId") return delivery?.id ?? booking.id;
    if (name === "slug") return seeded.slug;
    if (name === "token") return booking.access_token as string;
    return byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1] ?? booking.id;
  };
  const uuids = [seeded.services.haircut, seeded.services.trim, ...seeded.staff.map((calendar) => calendar.id), category.id, question.id, booking.id];
  return { seeded, sk: seeded.sk, pk: seeded.pk, accountKey, pathValues, uuids, instants };
}
