import { describe, expect, it } from "vitest";
import { embedBrand } from "./embed-brand";

const workspace = { brand_color: "#0f766e", theme: "auto" as const };

describe("embedBrand", () => {
  it("keeps the workspace's brand without overrides", () => {
    expect(embedBrand(workspace, { theme: undefined, brandColor: undefined })).toEqual({ brandColor: "#0f766e", theme: "auto" });
  });

  it("lets the embed's theme and colour win, the colour lowercased like the API stores it", () => {
    expect(embedBrand(workspace, { theme: "dark", brandColor: "#E11D48" })).toEqual({ brandColor: "#e11d48", theme: "dark" });
    expect(embedBrand({ brand_color: null, theme: "light" }, { theme: undefined, brandColor: "#7c3aed" })).toEqual({ brandColor: "#7c3aed", theme: "light" });
  });

  it("ignores an override the API would refuse, each on its own", () => {
    expect(embedBrand(workspace, { theme: "Dark", brandColor: "red" })).toEqual({ brandColor: "#0f766e", theme: "auto" });
    expect(embedBrand(workspace, { theme: ["dark"], brandColor: "#fff" })).toEqual({ brandColor: "#0f766e", theme: "auto" });
    expect(embedBrand(workspace, { theme: "light", brandColor: "</style>" })).toEqual({ brandColor: "#0f766e", theme: "light" });
  });
});
