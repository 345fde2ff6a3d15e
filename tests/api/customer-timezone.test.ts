import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { book, bookingRow, localAt } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { expectError, newWorkspace } from "../helpers/fixtures";

/** docs/decisions.md#time-zones: `customer.timezone` on POST /v1/bookings. */
describe("the customer's time zone", () => {
  it("is stored with the booking (canonical spelling) and returned by the public booking read", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const service = await addService(ws);
    const created = await book(
      ws,
      { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: { name: "Ada", email: `tz-${ws.id}@example.com`, timezone: "america/new_york" } },
      { key: ws.pk },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await bookingRow(created.body.id)).customerTimezone).toBe("America/New_York");
    const read = await api.get(`/v1/public/bookings/${created.body.access_token}`);
    expect(read.status).toBe(200);
    expect(read.body.booking.customer).toMatchObject({ name: "Ada", timezone: "America/New_York" });
  });

  it("is optional: without it the read says null", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const created = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") });
    expect(created.status).toBe(201);
    expect((await api.get(`/v1/public/bookings/${created.body.access_token}`)).body.booking.customer.timezone).toBeNull();
  });

  for (const timezone of ["Mars/Olympus", "+02:00", "", 42, null, "x".repeat(65)]) {
    it(`refuses ${JSON.stringify(timezone).slice(0, 20)} with 422 customer.timezone, booking nothing`, async () => {
      const ws = await newWorkspace();
      const service = await addService(ws);
      const refused = await book(ws, {
        service_id: service.id,
        starts_at: localAt(ws, 2, "10:00"),
        customer: { name: "Ada", email: `bad-tz-${ws.id}@example.com`, timezone },
      });
      expectError(refused, 422, "validation_failed", "customer.timezone");
      expect((await api.get("/v1/bookings", { key: ws.sk })).body.data).toEqual([]);
    });
  }
});
