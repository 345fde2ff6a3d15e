import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { seedBooking } from "../helpers/factories";

let ipCounter = 0;
/** Each keyless request from its own IP, so the shared rate limit never interferes. */
const freshIp = () => ({ "X-Forwarded-For": `10.34.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const bootstrapOf = (ws: TestWorkspace) => api.get(`/v1/public/workspaces/${ws.slug}`, { headers: freshIp() });
const publicBooking = (token: string) => api.get(`/v1/public/bookings/${token}`, { headers: freshIp() });

const brandOf = (body: Record<string, unknown>) => ({ brand_color: body.brand_color, logo_url: body.logo_url, theme: body.theme });

describe("the business's brand settings (docs/brand.md)", () => {
  it("starts with no colour, no logo and theme auto, on the settings, the booking page's bootstrap and the manage page's read", async () => {
    const ws = await newWorkspace();
    const unset = { brand_color: null, logo_url: null, theme: "auto" };
    expect(brandOf((await api.get("/v1/workspace", { key: ws.sk })).body)).toEqual(unset);
    expect(brandOf((await bootstrapOf(ws)).body.workspace)).toEqual(unset);
    const { token } = await seedBooking(ws, { startsAt: new Date(Date.now() + 86_400_000) });
    expect(brandOf((await publicBooking(token)).body.workspace)).toEqual(unset);
  });

  it("sets colour (stored lowercase), logo and theme, shows them at once to the pages, and null clears them", async () => {
    const ws = await newWorkspace();
    const patched = await api.patch("/v1/workspace", {
      key: ws.sk,
      body: { brand_color: "#0F766E", logo_url: "https://studio.example/logo.png", theme: "dark" },
    });
    expect(patched.status).toBe(200);
    const set = { brand_color: "#0f766e", logo_url: "https://studio.example/logo.png", theme: "dark" };
    expect(brandOf(patched.body)).toEqual(set);
    expect(brandOf((await api.get("/v1/workspace", { key: ws.sk })).body)).toEqual(set);
    expect(brandOf((await bootstrapOf(ws)).body.workspace)).toEqual(set);
    const { token } = await seedBooking(ws, { startsAt: new Date(Date.now() + 86_400_000) });
    expect(brandOf((await publicBooking(token)).body.workspace)).toEqual(set);

    // Another field alone keeps the brand; null clears colour and logo; theme moves between its three values.
    expect(brandOf((await api.patch("/v1/workspace", { key: ws.sk, body: { name: "Renamed" } })).body)).toEqual(set);
    const cleared = await api.patch("/v1/workspace", { key: ws.sk, body: { brand_color: null, logo_url: null, theme: "light" } });
    expect(brandOf(cleared.body)).toEqual({ brand_color: null, logo_url: null, theme: "light" });
    expect(brandOf((await bootstrapOf(ws)).body.workspace)).toEqual({ brand_color: null, logo_url: null, theme: "light" });
    expect((await api.patch("/v1/workspace", { key: ws.sk, body: { theme: "auto" } })).body.theme).toBe("auto");
  });

  it("keeps an optional dark logo beside the logo, shows it to the pages, and null clears it", async () => {
    const ws = await newWorkspace();
    expect((await api.get("/v1/workspace", { key: ws.sk })).body.logo_dark_url).toBeNull();
    const logos = { logo_url: "https://studio.example/logo.png", logo_dark_url: "https://studio.example/logo-dark.png" };
    const patched = await api.patch("/v1/workspace", { key: ws.sk, body: logos });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject(logos);
    expect((await api.get("/v1/workspace", { key: ws.sk })).body).toMatchObject(logos);
    expect((await bootstrapOf(ws)).body.workspace).toMatchObject(logos);
    const { token } = await seedBooking(ws, { startsAt: new Date(Date.now() + 86_400_000) });
    expect((await publicBooking(token)).body.workspace).toMatchObject(logos);

    const cleared = await api.patch("/v1/workspace", { key: ws.sk, body: { logo_dark_url: null } });
    expect(cleared.body).toMatchObject({ logo_url: logos.logo_url, logo_dark_url: null });
  });

  it.each([
    ["brand_color", "red"],
    ["brand_color", "#fff"],
    ["brand_color", "#0f766"],
    ["brand_color", "#0f766e0"],
    ["brand_color", "#12345g"],
    ["brand_color", "0f766e"],
    ["brand_color", " #0f766e"],
    ["brand_color", "rgb(15, 118, 110)"],
    ["brand_color", 0x0f766e],
    ["logo_url", "http://studio.example/logo.png"],
    ["logo_url", "javascript:alert(1)"],
    ["logo_url", "data:image/png;base64,AAAA"],
    ["logo_url", "//studio.example/logo.png"],
    ["logo_url", "logo.png"],
    ["logo_url", `https://studio.example/${"x".repeat(2048)}`],
    ["logo_url", 42],
    ["logo_dark_url", "http://studio.example/logo-dark.png"],
    ["logo_dark_url", "javascript:alert(1)"],
    ["logo_dark_url", "data:image/png;base64,AAAA"],
    ["logo_dark_url", "logo-dark.png"],
    ["logo_dark_url", `https://studio.example/${"x".repeat(2048)}`],
    ["logo_dark_url", 42],
    ["theme", "Dark"],
    ["theme", "system"],
    ["theme", ""],
    ["theme", null],
    ["theme", true],
  ])("refuses %s = %j with 422 naming it, and changes nothing (not even the valid fields beside it)", async (field, value) => {
    const ws = await newWorkspace();
    await api.patch("/v1/workspace", { key: ws.sk, body: { brand_color: "#7c3aed", logo_url: "https://studio.example/a.png", theme: "light" } });
    const before = await api.get("/v1/workspace", { key: ws.sk });
    const response = await api.patch("/v1/workspace", { key: ws.sk, body: { name: "Should not stick", theme: "dark", [field]: value } });
    expectError(response, 422, "validation_failed", field);
    expect((await api.get("/v1/workspace", { key: ws.sk })).body).toEqual(before.body);
  });
});
