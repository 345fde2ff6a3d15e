import { describe, expect, it } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { api } from "../helpers/api";
import { newWorkspace } from "../helpers/fixtures";
import { HOSTILE_BUSINESS, HOSTILE_CUSTOMER, LATER, STARTS_AT, workspaceName } from "../helpers/outbox";
import { queueMessage } from "../helpers/outbox";
import { seedBooking, updateWorkspace } from "../helpers/factories";

describe("/dev/outbox", () => {
  it("lists messages newest first, filtered by recipient, with codes and links", async () => {
    const ws = await newWorkspace();
    const email = `Dev-Outbox-${ws.id}@Example.com`;
    const { booking, token } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email } });
    await queueMessage(booking.id, "verification_code", { code: "654321", now: new Date(Date.now() - 1000) });
    await queueMessage(booking.id, "confirmation");
    const other = await seedBooking(ws, { startsAt: LATER, customer: { email: `other-${ws.id}@example.com` } });
    await queueMessage(other.booking.id, "confirmation");

    const listed = await api.get("/dev/outbox/messages", { query: { to: email.toLowerCase() } });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data.map((m: { subject: string }) => m.subject)).toEqual([
      `Booking confirmed with ${await workspaceName(ws.id)}`,
      `654321 is your code for ${await workspaceName(ws.id)}`,
    ]);
    for (const message of listed.body.data) {
      expect(Object.keys(message).sort()).toEqual(["channel", "created_at", "id", "subject", "text", "to"]);
      expect(message).toMatchObject({ channel: "email", to: email, created_at: expect.stringMatching(/Z$/) });
    }
    expect(listed.body.data[0].text).toContain(`/manage/${token}`);

    const all = await api.get("/dev/outbox/messages");
    const times = all.body.data.map((m: { created_at: string }) => Date.parse(m.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.body.data.some((m: { to: string }) => m.to === `other-${ws.id}@example.com`)).toBe(true);

    const { default: OutboxPage } = await import("@/app/dev/outbox/page");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const html = renderToStaticMarkup(await OutboxPage({ searchParams: Promise.resolve({ to: email }) }));
    expect(html).toContain("654321");
    expect(html).toContain(`<a href="http://localhost:3000/manage/${token}">`);
    expect(html).not.toContain(`other-${ws.id}@example.com`);
  });

  it("escapes message content on the page", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { name: HOSTILE_BUSINESS });
    const email = `page-${ws.id}@example.com`;
    const { booking } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email, name: HOSTILE_CUSTOMER } });
    await queueMessage(booking.id, "confirmation");
    const { default: OutboxPage } = await import("@/app/dev/outbox/page");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const html = renderToStaticMarkup(await OutboxPage({ searchParams: Promise.resolve({ to: email }) }));
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("is a 404 when dev tools are off", async () => {
    setConfigForTesting({ devTools: false });
    const response = await api.get("/dev/outbox/messages");
    expect(response.status).toBe(404);
    expect(response.body.error.type).toBe("not_found");
    const { default: OutboxPage } = await import("@/app/dev/outbox/page");
    await expect(OutboxPage({ searchParams: Promise.resolve({}) })).rejects.toThrow();
  });

  it("refuses an over-long filter", async () => {
    const response = await api.get("/dev/outbox/messages", { query: { to: "x".repeat(400) } });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ type: "validation_failed", param: "to" });
  });
});
