import { describe, expect, it } from "vitest";
import { findRetiredManageLink } from "@/lib/customer-links/find-retired-link";
import { fixedClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { bookConfirmed, localAt, newCustomer } from "../helpers/bookings";
import { newWorkspace } from "../helpers/fixtures";
import { addService, updateWorkspace } from "../helpers/factories";
import { currentDb } from "../helpers/test-db";

let ipCounter = 0;
const freshIp = () => ({ "X-Forwarded-For": `10.78.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

const DAY = 86_400_000;
const retired = (token: string, now: Date) =>
  findRetiredManageLink({ ctx: { db: currentDb().db, clock: fixedClock(now), requestId: "test" }, input: { token } });

/**
 * The manage page's view of dead links: the API still answers one 404 for unknown, cancelled
 * and lapsed tokens, while the page (for the customer who holds the link) can name the business.
 */
describe("findRetiredManageLink", () => {
  it("names the business of a cancelled booking's link, which the API answers 404 for", async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    await updateWorkspace(ws, { contactPhone: "+12125550100", contactEmail: "desk@salon.example" });
    const service = await addService(ws, { durationMinutes: 60, priceCents: 4_500 });
    const created = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 3, "10:00"), customer: newCustomer() });
    const token = created.access_token as string;
    expect(await retired(token, new Date())).toBeNull();

    const cancelled = await api.post(`/v1/public/bookings/${token}/cancel`, { body: {}, headers: freshIp() });
    expect(cancelled.status).toBe(200);
    expect((await api.get(`/v1/public/bookings/${token}`, { headers: freshIp() })).status).toBe(404);

    const link = await retired(token, new Date());
    expect(link).toMatchObject({ reason: "cancelled", service_name: service.name, starts_at: created.starts_at, is_booking_page_open: true });
    expect(link?.workspace).toMatchObject({ slug: ws.slug, contact_phone: "+12125550100", contact_email: "desk@salon.example" });
    expect(JSON.stringify(link)).not.toContain(created.customer_id);
  });

  it("says a link lapsed 30 days after the appointment, and knows nothing of tokens never issued", async () => {
    const ws = await newWorkspace({ timezone: "Europe/London" });
    const service = await addService(ws, { durationMinutes: 30 });
    const created = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 1, "09:00"), customer: newCustomer() });
    const token = created.access_token as string;
    const ends = Date.parse(created.ends_at);
    expect(await retired(token, new Date(ends + 29 * DAY))).toBeNull();
    expect(await retired(token, new Date(ends + 30 * DAY))).toMatchObject({ reason: "expired", workspace: { slug: ws.slug } });
    expect(await retired("never-issued-token", new Date())).toBeNull();
    expect(await retired("", new Date())).toBeNull();
  });
});
