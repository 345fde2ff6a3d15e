import { describe, expect, it } from "vitest";
import { ALL_OPERATIONS } from "@/lib/openapi/operations";
import type { Operation } from "@/lib/openapi/operation";
import { call, type ApiResponse } from "../helpers/api";
import { newWorkspace } from "../helpers/fixtures";
import { newWorld, resolvePath, worldSecrets, type World } from "../helpers/world";

/**
 * Every route × every kind of credential, asserting the spec's answer each time (rules 1–4),
 * and that no answer to another workspace's key carries a record of this one.
 */
type Credential = "none" | "malformed" | "revoked" | "sk" | "pk" | "ak" | "other_sk" | "other_ak";
const CREDENTIALS: Credential[] = ["none", "malformed", "revoked", "pk", "ak", "other_sk", "other_ak", "sk"];

type Expectation = { status?: number; type?: string; notStatus?: number[]; noLeak?: boolean };

function expected(operation: Operation, credential: Credential): Expectation {
  const hasPathRecord = operation.path.includes("{");
  const granted: Expectation = { notStatus: [401, 403, 404, 500] };
  if (operation.auth === "public")
    return credential === "other_sk" || credential === "other_ak" ? { notStatus: [401, 403, 500] } : { notStatus: [401, 403, 500] };
  if (credential === "none" || credential === "malformed" || credential === "revoked") return { status: 401, type: "unauthorized" };
  if (operation.auth === "ak") {
    if (credential === "ak") return granted;
    if (credential === "other_ak") return hasPathRecord ? { status: 404, type: "not_found" } : { notStatus: [401, 403, 500], noLeak: true };
    if (credential === "pk") return { status: 403, type: "secret_key_required" };
    return { status: 403, type: "forbidden" };
  }
  if (credential === "ak" || credential === "other_ak") return { status: 403, type: "forbidden" };
  if (credential === "pk") return operation.auth === "sk_pk" ? granted : { status: 403, type: "secret_key_required" };
  if (credential === "other_sk") {
    if (!hasPathRecord) return { notStatus: [401, 403, 500], noLeak: true };
    // Verification (and a new code) never tells an unknown booking apart from a wrong code.
    if (operation.id === "verifyBooking" || operation.id === "resendBookingCode") return { status: 422, type: "verification_failed", noLeak: true };
    return { status: 404, type: "not_found", noLeak: true };
  }
  return granted;
}

function keyFor(credential: Credential, world: World, other: Awaited<ReturnType<typeof newWorkspace>>): string | undefined {
  return {
    none: undefined,
    malformed: "sk_not-a-key!",
    revoked: world.revokedSk,
    sk: world.sk,
    pk: world.pk,
    ak: world.accountKey,
    other_sk: other.sk,
    other_ak: other.accountKey,
  }[credential];
}

function check(response: ApiResponse, expectation: Expectation, label: string, secrets: string[]) {
  const body = JSON.stringify(response.body);
  if (expectation.status !== undefined) expect(response.status, `${label}: ${body}`).toBe(expectation.status);
  if (expectation.type !== undefined) expect(response.body?.error?.type, label).toBe(expectation.type);
  for (const status of expectation.notStatus ?? []) expect(response.status, `${label}: ${body}`).not.toBe(status);
  if (expectation.noLeak) for (const secret of secrets) expect(body.includes(secret), `${label} leaked ${secret}`).toBe(false);
}

/** A valid body per operation, so the answer turns on the credential and not on validation. */
function validBody(operation: Operation, world: World): unknown {
  if (!operation.body) return undefined;
  const later = "2031-07-01T10:00:00Z";
  const bodies: Record<string, unknown> = {
    createAccountWorkspace: { name: "Matrix", timezone: "UTC" },
    mintWorkspaceKey: { type: "pk", name: "Matrix" },
    updateApiKey: { name: "Renamed" },
    createBooking: { service_id: world.serviceId, starts_at: later, customer: { name: "Ada", email: "ada@example.com" } },
    verifyBooking: { code: "123456" },
    cancelBooking: {},
    rescheduleBooking: { starts_at: later },
    cancelPublicBooking: {},
    cancelPublicSeries: {},
    reschedulePublicBooking: { starts_at: later },
    updateWorkspaceSettings: { name: "Renamed" },
    createWebhookEndpoint: { url: "http://127.0.0.1:9/other", events: ["booking.created"] },
    updateWebhookEndpoint: { active: false },
    createService: { name: "Colour", duration_minutes: 60, payment_mode: "none" },
    replaceService: { name: "Cut", duration_minutes: 45, payment_mode: "none" },
    setServiceStaff: { staff_ids: [world.staffId] },
    setServiceCategory: { category_id: world.categoryId },
    createStaff: { name: "Robin" },
    updateStaff: { name: "Alexandra" },
    setWorkingHours: { working_hours: [{ weekday: 1, start_minute: 540, end_minute: 1020 }] },
    createTimeOff: { starts_at: "2031-02-01T00:00:00Z", ends_at: "2031-02-02T00:00:00Z" },
    // Nothing listens on port 9: the read fails (422), after the credential was accepted.
    createExternalCalendar: { kind: "ics", url: "http://127.0.0.1:9/calendar.ics" },
    updateExternalCalendar: { name: "Home" },
    createCategory: { name: "Nails" },
    updateCategory: { name: "Hair & beauty" },
    createQuestion: { label: "Allergies?", type: "text" },
    updateQuestion: { label: "Anything else?" },
    createAccountMember: { email: "matrix@example.com", role: "staff" },
    updateAccountMember: { role: "staff" },
    cancelSeries: {},
    // The world's service is not a class: 422, after the credential was accepted.
    joinWaitlist: { service_id: world.serviceId, starts_at: later, customer: { name: "Ada", email: "ada@example.com" } },
  };
  if (!(operation.id in bodies)) throw new Error(`Add a valid body for ${operation.id} to tests/abuse/auth-matrix.test.ts`);
  return bodies[operation.id];
}

describe("auth matrix over every route", () => {
  for (const operation of ALL_OPERATIONS) {
    it(`${operation.method} ${operation.path}`, async () => {
      // A fresh world per route: destructive routes (revoke, delete) cannot spoil the next one.
      const world = await newWorld();
      const other = await newWorkspace();
      const path = resolvePath(operation.path, world);
      for (const credential of CREDENTIALS) {
        const key = keyFor(credential, world, other);
        const response = await call(operation.method, path, {
          key,
          body: validBody(operation, world),
          headers: { "X-Forwarded-For": `198.51.100.${CREDENTIALS.indexOf(credential)}` },
        });
        check(response, expected(operation, credential), `${operation.method} ${path} as ${credential}`, worldSecrets(world));
      }
    });
  }
});
