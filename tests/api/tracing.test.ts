import http from "node:http";
import type { AddressInfo } from "node:net";
import { trace } from "@opentelemetry/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_DEFINITIONS } from "@/lib/jobs/definitions";
import type { JobIo } from "@/lib/jobs/define-job";
import { loadJobContext } from "@/lib/jobs/load-job-context";
import { observeJob, observeRequest } from "@/lib/observability/metrics";
import { flushTraces, startTracing } from "@/lib/observability/tracing";

/**
 * Traces through OpenTelemetry's SDK, configured by its standard variables only
 * (docs/operations.md, "Traces"): spans reach a local OTLP HTTP receiver (this test's server,
 * reading the exporter's JSON) with their names, attributes and status.
 */
type OtlpValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean };
type OtlpSpan = { name: string; kind: number; attributes: { key: string; value: OtlpValue }[]; status?: { code?: number } };
type Received = { path: string; resource: Record<string, unknown>; span: OtlpSpan };

const received: Received[] = [];
let receiver: http.Server;
const saved: Record<string, string | undefined> = {};
const SETTINGS = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_BSP_SCHEDULE_DELAY", "OTEL_SERVICE_NAME"];

const valueOf = (value: OtlpValue) => value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.boolValue);
const attributesOf = (span: OtlpSpan) => Object.fromEntries(span.attributes.map((attribute) => [attribute.key, valueOf(attribute.value)]));
const spanNamed = (name: string) => received.find((entry) => entry.span.name === name);

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const payload = JSON.parse(body) as {
        resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resourceSpans of payload.resourceSpans) {
        const resource = Object.fromEntries(resourceSpans.resource.attributes.map((attribute) => [attribute.key, valueOf(attribute.value)]));
        for (const scope of resourceSpans.scopeSpans) for (const span of scope.spans) received.push({ path: request.url ?? "", resource, span });
      }
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  for (const name of SETTINGS) saved[name] = process.env[name];
  Object.assign(process.env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    OTEL_BSP_SCHEDULE_DELAY: "50",
    OTEL_SERVICE_NAME: "booking-test",
  });
  await startTracing();
});

afterAll(async () => {
  await flushTraces();
  trace.disable();
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await new Promise((resolve) => receiver.close(resolve));
});

const INLINE_IO: JobIo = {
  run: (_stepId, work) => work(),
  sleep: async () => {},
  sleepUntil: async () => {},
};

describe("traces", () => {
  it("exports a span per request (route pattern, method, status; a 5xx is an error) and per job run to the OTLP endpoint", async () => {
    observeRequest({ method: "GET", route: "/v1/bookings/{id}", status: 200, durationMs: 12.5 });
    observeRequest({ method: "POST", route: "/v1/bookings", status: 503, durationMs: 40 });
    // A scrape is not traffic: no span, no count.
    observeRequest({ method: "GET", route: "/metrics", status: 200, durationMs: 1 });
    const runDueWork = JOB_DEFINITIONS.find((definition) => definition.id === "run-due-work")!;
    await runDueWork.handler({ payload: {}, io: INLINE_IO, loadContext: () => loadJobContext(runDueWork.id) });
    await expect(observeJob("broken-job", async () => Promise.reject(new TypeError("boom")))).rejects.toThrow("boom");
    await flushTraces();

    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    expect(received.every((entry) => entry.path === "/v1/traces")).toBe(true);
    expect(received[0]!.resource["service.name"]).toBe("booking-test");

    const read = spanNamed("GET /v1/bookings/{id}")!;
    expect(read.span.kind).toBe(2); // SERVER
    expect(attributesOf(read.span)).toEqual({ "http.request.method": "GET", "http.route": "/v1/bookings/{id}", "http.response.status_code": 200 });
    expect(read.span.status?.code ?? 0).toBe(0); // unset: not an error
    const failed = spanNamed("POST /v1/bookings")!;
    expect(attributesOf(failed.span)["http.response.status_code"]).toBe(503);
    expect(failed.span.status?.code).toBe(2); // ERROR
    expect(spanNamed("GET /metrics")).toBeUndefined();

    const job = spanNamed("job run-due-work")!;
    expect(attributesOf(job.span)).toEqual({ "booking.job": "run-due-work" });
    expect(job.span.status?.code).toBe(1); // OK
    expect(spanNamed("job broken-job")!.span.status?.code).toBe(2);
  });
});
