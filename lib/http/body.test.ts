import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { readRawBody } from "./body";

describe("readRawBody", () => {
  it("reads a whole body", async () => {
    const request = new Request("http://test/v1/bookings", { method: "POST", body: '{"a":1}' });
    await expect(readRawBody(request)).resolves.toBe('{"a":1}');
  });

  it("answers a body cut off by the client (the connection closed mid-body) as a 422 validation_failed, not an unhandled error", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"customer":'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const request = new Request("http://test/v1/bookings", { method: "POST", body, duplex: "half" } as RequestInit);
    const failure = await readRawBody(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ type: "validation_failed", message: "The request body ended before it was complete." });
  });
});
