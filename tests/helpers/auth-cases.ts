import { expect, it } from "vitest";
import { call } from "./api";
import { expectError, newWorkspace, type TestWorkspace } from "./fixtures";

/**
 * The shared security cases every workspace route must pass (spec "Authentication"):
 * - no key, a malformed key → 401 unauthorized;
 * - a publishable key on a secret-key route → 403 secret_key_required;
 * - an account key → 403 forbidden;
 * - another workspace's secret key on a path naming this workspace's records → 404 not_found.
 */
export type AuthCaseRequest = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A path built from `owner`'s records, e.g. `/v1/services/${serviceId}`. */
  path: string;
  body?: unknown;
  /** The workspace whose keys (pk, ak) are tried and whose records `path` names. */
  owner: TestWorkspace;
  /** `sk_pk` routes accept publishable keys, so the secret_key_required case is skipped. Default `sk`. */
  auth?: "sk" | "sk_pk";
  /** True when `path` names a record of `owner`: another workspace's secret key must get 404. */
  scoped?: boolean;
};

export async function expectAuthCases(request: AuthCaseRequest): Promise<void> {
  const send = (key?: string, headers?: Record<string, string>) => call(request.method, request.path, { key, body: request.body, headers });
  const label = `${request.method} ${request.path}`;

  const missing = await send();
  expect(missing.status, `${label} without a key`).toBe(401);
  expectError(missing, 401, "unauthorized");
  expectError(await send(undefined, { Authorization: "Bearer sk_not-a-real-key" }), 401, "unauthorized");
  expectError(await send(undefined, { Authorization: "Basic dXNlcjpwYXNz" }), 401, "unauthorized");

  if ((request.auth ?? "sk") === "sk") {
    const publishable = await send(request.owner.pk);
    expect(publishable.status, `${label} with a publishable key`).toBe(403);
    expectError(publishable, 403, "secret_key_required");
  }
  const account = await send(request.owner.accountKey);
  expect(account.status, `${label} with an account key`).toBe(403);
  expectError(account, 403, "forbidden");

  if (request.scoped) {
    const intruder = await newWorkspace();
    const foreign = await send(intruder.sk);
    expect(foreign.status, `${label} with another workspace's secret key`).toBe(404);
    expectError(foreign, 404, "not_found");
  }
}

/**
 * One `it` that runs the shared auth cases over every request `build` returns (built
 * inside the test, so each run gets its own fresh workspace and records).
 */
export function itEnforcesAuth(title: string, build: () => Promise<AuthCaseRequest[]>): void {
  it(`${title}: no key → 401, pk → 403, ak → 403, another workspace's record → 404`, async () => {
    const requests = await build();
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) await expectAuthCases(request);
  });
}
