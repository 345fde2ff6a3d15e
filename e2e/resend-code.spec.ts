import { E2E } from "./support/env";
import { expect, test } from "./support/fixtures";
import { uniqueEmail } from "./support/flow";
import { call, latestCode, seedWorkspace } from "./support/seed";

/**
 * docs/decisions.md#verification-codes over real HTTP: POST /v1/bookings/{id}/resend-code sends a new code that
 * replaces the old one and keeps the hold, at most three times, and every refusal reads the
 * same. Workspaces live on the booking-journey spec's account.
 */
test("§10 over HTTP: a new code replaces the old one, keeps the hold, at most three, every refusal the same", async ({ request }) => {
  const seeded = await seedWorkspace(request, { requireVerification: true, accountFile: E2E.journeyAccountFile });
  const email = uniqueEmail("resend");
  const slot = (
    await call(
      request,
      "GET",
      `/v1/availability?service_id=${seeded.services.haircut}&from=${encodeURIComponent(new Date().toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 2 * 86_400_000).toISOString())}`,
      seeded.pk,
    )
  ).data[0].slots[5];
  const created = await call(request, "POST", "/v1/bookings", seeded.pk, {
    service_id: seeded.services.haircut,
    starts_at: slot.start,
    customer: { name: "Res End", email },
  });
  expect(created.status).toBe("pending");
  const first = await latestCode(request, email);

  const resend = (id: string, key = seeded.pk) => request.post(`/v1/bookings/${id}/resend-code`, { headers: { Authorization: `Bearer ${key}` } });
  const ok = await resend(created.id);
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual({ status: "pending", hold_expires_at: created.hold_expires_at });
  let second = first;
  await expect
    .poll(async () => {
      const messages = (await call(request, "GET", `/dev/outbox/messages?to=${encodeURIComponent(email)}`, undefined)).data as { text: string }[];
      second = messages[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? first;
      return messages.length;
    })
    .toBe(2);
  const verify = (code: string) => request.post(`/v1/bookings/${created.id}/verify`, { headers: { Authorization: `Bearer ${seeded.pk}` }, data: { code } });
  if (second !== first) expect((await verify(first)).status()).toBe(422);

  for (let round = 0; round < 2; round++) expect((await resend(created.id, seeded.sk)).status()).toBe(200);
  const refusals = [await resend(created.id), await resend("00000000-0000-4000-8000-000000000000"), await resend("nope")];
  const bodies = await Promise.all(refusals.map((r) => r.text()));
  for (const refusal of refusals) expect(refusal.status()).toBe(422);
  expect(new Set(bodies).size).toBe(1);
  expect(JSON.parse(bodies[0] ?? "{}").error.type).toBe("verification_failed");
  const latest = await latestCode(request, email);
  expect((await verify(latest)).status()).toBe(200);
});
