import { oklch, wcagContrast } from "culori";
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { book, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { newWorkspace } from "../helpers/fixtures";
import { findPart } from "../helpers/mime";
import { runJobs } from "../helpers/outbox";
import { useSmtpServers } from "../helpers/smtp";

/**
 * The business's brand in its customers' emails, read from what a real SMTP server
 * (smtp-server, from npm) received: the logo with the business's name as alt, a band in its
 * colour, and links in a shade of it that reads at 4.5:1 on the white mail body.
 */
const useSmtpServer = useSmtpServers();

const BUSINESS = `Rosa & "Sons" <Studio>`;
const LOGO = "https://studio.example/brand/logo.png?v=2&size=large";

type Look = { logo: { src: string; alt: string } | null; band: string; links: string[]; text: string; background: string };

/** The look of a received HTML body, as a mail client would render it. */
function lookOf(html: string): Look {
  const img = html.match(/<img src="([^"]*)" alt="([^"]*)"/);
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  const body = html.match(/<body[^>]*style="[^"]*background:(#[0-9a-f]{6})[^"]*color:(#[0-9a-f]{6})/);
  return {
    logo: img ? { src: unescape(img[1]!), alt: unescape(img[2]!) } : null,
    band: html.match(/border-top:6px solid (#[0-9a-f]{6})/)?.[1] ?? "",
    links: [...html.matchAll(/<style>a\{color:(#[0-9a-f]{6})\}<\/style>/g)].map((match) => match[1]!),
    background: body?.[1] ?? "",
    text: body?.[2] ?? "",
  };
}

function hueDistance(a: string, b: string): number {
  const [ha, hb] = [oklch(a)?.h ?? 0, oklch(b)?.h ?? 0];
  const distance = Math.abs(ha - hb) % 360;
  return Math.min(distance, 360 - distance);
}

async function brandedStudio(brand: Record<string, unknown>) {
  const ws = await newWorkspace({ timezone: "Europe/Paris" });
  const patched = await api.patch("/v1/workspace", { key: ws.sk, body: { name: BUSINESS, reminders: [], ...brand } });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return { ws, service: await addService(ws, { name: "Colour", durationMinutes: 60 }) };
}

async function bookOne(ws: Awaited<ReturnType<typeof brandedStudio>>["ws"], serviceId: string, email: string) {
  const created = await book(ws, { service_id: serviceId, starts_at: "2031-04-08T10:00:00+02:00", customer: { name: "Ada Lovelace", email } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

describe("the brand in customer emails over real SMTP", () => {
  it.each([
    ["a very light colour", "#fef08a"],
    ["a very dark colour", "#1e1b4b"],
    ["a saturated colour", "#e11d48"],
  ])("%s (%s): logo with the business's name as alt, a band in the colour, readable links in its hue", async (_, color) => {
    const server = await useSmtpServer();
    const { ws, service } = await brandedStudio({ brand_color: color, logo_url: LOGO });
    await setNow("2031-04-01T08:00:00Z");
    const email = `brand-${ws.id.slice(0, 8)}@example.com`;
    await bookOne(ws, service.id, email);
    await runJobs();

    const [received] = server.received.filter((item) => item.to === email);
    expect(received?.message.headers.subject).toBe(`Booking confirmed with ${BUSINESS}`);
    const html = findPart(received!.message, "text/html")!.body;
    const look = lookOf(html);
    expect(look.logo).toEqual({ src: LOGO, alt: BUSINESS });
    expect(html).toContain("max-height:48px;max-width:200px");
    expect(look.band).toBe(color);
    // Links (the manage link) in a shade of the brand that reads on the white body.
    expect(look.links).toHaveLength(1);
    expect(html).toMatch(/<a href="http:\/\/localhost:3000\/manage\/[^"]+">/);
    for (const link of look.links) {
      expect(wcagContrast(link, look.background)).toBeGreaterThanOrEqual(4.5);
      expect(hueDistance(link, color)).toBeLessThan(12);
    }
    expect(wcagContrast(look.text, look.background)).toBeGreaterThanOrEqual(4.5);
    // Nothing the business typed became markup.
    expect(html).not.toContain(`<Studio>`);
  });

  it("shows a change of brand in the next email at once, and the default blue with no logo when cleared", async () => {
    const server = await useSmtpServer();
    const { ws, service } = await brandedStudio({ brand_color: "#0f766e", logo_url: LOGO });
    await setNow("2031-04-01T08:00:00Z");
    const email = `change-${ws.id.slice(0, 8)}@example.com`;
    const id = await bookOne(ws, service.id, email);
    await runJobs();
    expect((await api.patch("/v1/workspace", { key: ws.sk, body: { brand_color: null, logo_url: null } })).status).toBe(200);
    expect((await api.post(`/v1/bookings/${id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    await runJobs();

    const looks = server.received.filter((item) => item.to === email).map((item) => lookOf(findPart(item.message, "text/html")!.body));
    expect(looks).toHaveLength(2);
    expect(looks[0]).toMatchObject({ band: "#0f766e", logo: { src: LOGO, alt: BUSINESS } });
    expect(looks[1]).toMatchObject({ band: "#3451c7", logo: null });
  });
});
