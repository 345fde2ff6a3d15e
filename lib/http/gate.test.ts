import { describe, expect, it } from "vitest";
import { ALL_OPERATIONS } from "@/lib/openapi/operations";
import { screenMalformedTarget, screenRequest, servedMethods } from "./gate";

const body = (answer: ReturnType<typeof screenRequest>) => JSON.parse(answer!.body) as { error: { type: string } };

describe("the gate in front of Next", () => {
  it("lets every routed method on a decodable path through to Next", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(screenRequest(method, "/v1/bookings?limit=%zz")).toBeNull();
      expect(screenRequest(method, "/v1/bookings/")).toBeNull();
      expect(screenRequest(method, "/book/demo")).toBeNull();
    }
  });

  it("answers a /v1 path that does not decode, or has an empty segment, with the envelope's 404", () => {
    for (const target of [
      "/v1/staff/%zz/working-hours",
      "/v1/bookings/%C0%AF/confirm",
      "/v1/public/bookings/%E0%A4%A",
      "/v1/api-keys/%",
      "/v1//bookings",
      "//v1/bookings",
      "///v1/bookings/x/cancel",
      "/\\v1/bookings",
      "//v1",
      "/v1/bookings\\x",
      "/v1/services/../staff",
      "/v1/staff/x/time-off/..",
      "/v1/staff/x/time-off/%2E%2e",
      "/v1/staff/x/.",
    ]) {
      const answer = screenRequest("GET", target);
      expect(answer?.status, target).toBe(404);
      expect(answer?.headers["Content-Type"]).toBe("application/json");
      expect(body(answer).error.type).toBe("not_found");
    }
  });

  it("answers a method a /v1 path does not serve with 405 and the path's methods in Allow", () => {
    for (const method of ["TRACE", "CONNECT", "TRACK", "PROPFIND", "QUERY", "FOO"]) {
      const answer = screenRequest(method, "/v1/bookings");
      expect(answer?.status).toBe(405);
      expect(answer?.headers.Allow).toBe("GET, POST");
      expect(body(answer).error.type).toBe("method_not_allowed");
    }
    expect(screenRequest("TRACE", "/v1/bookings/1f0c/confirm")?.headers.Allow).toBe("POST");
    expect(screenRequest("TRACE", "/v1/openapi.json")?.headers.Allow).toBe("GET");
    expect(screenRequest("TRACE", "/v1/no/such/path")?.status).toBe(404);
  });

  it("knows the methods of every operation's path", () => {
    for (const operation of ALL_OPERATIONS) {
      const sample = operation.path.replace(/\{\w+\}/g, "x");
      expect(servedMethods(sample), operation.path).toContain(operation.method);
    }
  });

  it("answers pages in plain text with their security headers", () => {
    expect(screenRequest("GET", "/book/%zz")).toMatchObject({
      status: 404,
      headers: { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "frame-ancestors 'self'" },
    });
    expect(screenRequest("TRACE", "/manage/abc")).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD", "Referrer-Policy": "no-referrer" } });
    expect(screenRequest("TRACE", "/embed/demo")?.headers["Content-Security-Policy"]).toBeUndefined();
    // The dev outbox's raw parts hold what customers typed: a sandboxed policy, wherever the answer comes from.
    expect(screenRequest("TRACE", "/dev/outbox/messages/abc/html")?.headers["Content-Security-Policy"]).toMatch(/^default-src 'none';.*; sandbox$/);
    expect(screenMalformedTarget("/v1/b\u00e9").status).toBe(404);
    expect(screenMalformedTarget("/b\u00e9").status).toBe(400);
  });
});
