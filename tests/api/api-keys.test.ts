import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";

async function keysOf(sk: string) {
  const response = await api.get("/v1/api-keys", { key: sk });
  expect(response.status).toBe(200);
  return response.body.data as {
    id: string;
    type: string;
    key: string | null;
    name: string | null;
    allowed_origins: string[];
    revoked: boolean;
    last_used_at: string | null;
  }[];
}

describe("GET /v1/api-keys", () => {
  it("lists keys newest first, showing only publishable values", async () => {
    const ws = await newWorkspace();
    const keys = await keysOf(ws.sk);
    expect(keys.map((key) => key.type)).toEqual(["sk", "pk"]);
    const [sk, pk] = keys;
    expect(sk!.key).toBeNull();
    expect(pk!.key).toBe(ws.pk);
    expect(pk!.name).toBe("Hosted pages");
    expect(sk!.last_used_at).not.toBeNull();
  });
});

describe("PATCH /v1/api-keys/{id}", () => {
  it("renames a key and replaces its allowed origins; omitted fields are kept", async () => {
    const ws = await newWorkspace();
    const pk = (await keysOf(ws.sk)).find((key) => key.type === "pk")!;
    const renamed = await api.patch(`/v1/api-keys/${pk.id}`, {
      key: ws.sk,
      body: { name: "Website", allowed_origins: ["https://shop.example", "http://localhost:8080"] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: pk.id, name: "Website", allowed_origins: ["https://shop.example", "http://localhost:8080"] });
    const kept = await api.patch(`/v1/api-keys/${pk.id}`, { key: ws.sk, body: { name: "Site" } });
    expect(kept.body.allowed_origins).toEqual(["https://shop.example", "http://localhost:8080"]);
  });

  it("refuses origins with a path, a bad scheme or junk, naming the element", async () => {
    const ws = await newWorkspace();
    const pk = (await keysOf(ws.sk)).find((key) => key.type === "pk")!;
    expectError(
      await api.patch(`/v1/api-keys/${pk.id}`, { key: ws.sk, body: { allowed_origins: ["https://ok.example", "https://shop.example/path"] } }),
      422,
      "validation_failed",
      "allowed_origins.1",
    );
    expectError(
      await api.patch(`/v1/api-keys/${pk.id}`, { key: ws.sk, body: { allowed_origins: ["javascript:alert(1)"] } }),
      422,
      "validation_failed",
      "allowed_origins.0",
    );
    expectError(await api.patch(`/v1/api-keys/${pk.id}`, { key: ws.sk, body: { name: "n".repeat(101) } }), 422, "validation_failed", "name");
    expectError(
      await api.patch(`/v1/api-keys/${pk.id}`, { key: ws.sk, body: { allowed_origins: "https://ok.example" } }),
      422,
      "validation_failed",
      "allowed_origins",
    );
  });

  it("answers 404 for another workspace's key and for a malformed id", async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const theirPk = (await keysOf(theirs.sk)).find((key) => key.type === "pk")!;
    expectError(await api.patch(`/v1/api-keys/${theirPk.id}`, { key: mine.sk, body: { name: "mine now" } }), 404, "not_found");
    expectError(await api.patch(`/v1/api-keys/not-a-uuid`, { key: mine.sk, body: { name: "x" } }), 404, "not_found");
    expect((await keysOf(theirs.sk)).find((key) => key.id === theirPk.id)!.name).toBe("Hosted pages");
  });
});

describe("POST /v1/api-keys/{id}/revoke", () => {
  it("revokes at once: the key answers 401 on its next request", async () => {
    const ws = await newWorkspace();
    const minted = await api.post(`/v1/account/workspaces/${ws.id}/keys`, { key: ws.accountKey, body: { type: "sk", name: "Old server" } });
    expect((await api.get("/v1/api-keys", { key: minted.body.key })).status).toBe(200);
    const revoked = await api.post(`/v1/api-keys/${minted.body.id}/revoke`, { key: ws.sk });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: minted.body.id, revoked: true, key: null });
    expectError(await api.get("/v1/api-keys", { key: minted.body.key }), 401, "unauthorized");
    const again = await api.post(`/v1/api-keys/${minted.body.id}/revoke`, { key: ws.sk });
    expect(again.body.revoked).toBe(true);
  });

  it("a revoked publishable key stops working for browsers too", async () => {
    const ws = await newWorkspace();
    const pk = (await keysOf(ws.sk)).find((key) => key.type === "pk")!;
    await api.post(`/v1/api-keys/${pk.id}/revoke`, { key: ws.sk });
    expectError(await api.get("/v1/api-keys", { key: ws.pk }), 401, "unauthorized");
  });

  it("answers 404 for another workspace's key and leaves it working", async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const theirSk = (await keysOf(theirs.sk)).find((key) => key.type === "sk")!;
    expectError(await api.post(`/v1/api-keys/${theirSk.id}/revoke`, { key: mine.sk }), 404, "not_found");
    expect((await api.get("/v1/api-keys", { key: theirs.sk })).status).toBe(200);
  });
});
