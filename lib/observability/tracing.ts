import { SpanKind, SpanStatusCode, trace, type Tracer } from "@opentelemetry/api";

/**
 * OpenTelemetry traces (docs/operations.md, "Traces"), through the standard SDK and its standard
 * variables: on only when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is
 * set; OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER
 * and OTEL_BSP_* are the SDK's own. A span per request (`GET /v1/bookings/{id}`, kind server)
 * and per job run (`job run-due-work`).
 *
 * Spans go through the OpenTelemetry API's own global tracer provider (one per process, the
 * API's documented registration): with none registered, every call here is a no-op.
 */
const TRACER_NAME = "booking-platform";

function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/** Whether traces are to be exported: the standard endpoint variables, unless OTEL_SDK_DISABLED. */
export function tracingWanted(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === "true") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

let started: Promise<void> | undefined;

/**
 * Registers the SDK's tracer provider, batching spans to the OTLP HTTP exporter (JSON over HTTP,
 * to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`). Called once from instrumentation.ts
 * (lib/start/register-node.ts), before the first request.
 */
export function startTracing(): Promise<void> {
  if (!tracingWanted()) return Promise.resolve();
  started ??= (async () => {
    const [{ NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { detectResources, envDetector, resourceFromAttributes }] = await Promise.all(
      [
        import("@opentelemetry/sdk-trace-node"),
        import("@opentelemetry/sdk-trace-base"),
        import("@opentelemetry/exporter-trace-otlp-http"),
        import("@opentelemetry/resources"),
      ],
    );
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over our default name.
    const resource = resourceFromAttributes({ "service.name": "booking-platform" }).merge(detectResources({ detectors: [envDetector] }));
    const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
    provider.register();
  })();
  return started;
}

/**
 * Sends the spans still batched: the server calls it on its way out (SIGTERM), since it ends
 * with process.exit. Through the API's global provider, which the server's bundle shares.
 */
export async function flushTraces(): Promise<void> {
  const global = trace.getTracerProvider() as { getDelegate?: () => { forceFlush?: () => Promise<void> } };
  await global
    .getDelegate?.()
    .forceFlush?.()
    .catch(() => {});
}

/** A request's span, written once it is answered (from its start time to now). */
export function recordRequestSpan(request: { method: string; route: string; status: number; durationMs: number }): void {
  // oxlint-disable-next-line booking/no-clock-read -- a span carries the machine's time, as the SDK stamps every span; never a decision, and never the dev clock
  const end = Date.now();
  const span = tracer().startSpan(`${request.method} ${request.route}`, {
    kind: SpanKind.SERVER,
    startTime: end - request.durationMs,
    attributes: { "http.request.method": request.method, "http.route": request.route, "http.response.status_code": request.status },
  });
  // A 5xx is ours to fix; a 4xx is the client's (OpenTelemetry's convention for a server span).
  if (request.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(end);
}

/** Runs one job inside its span (`job <id>`); a throw marks the span failed and is rethrown. */
export function inJobSpan<T>(job: string, run: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(`job ${job}`, { kind: SpanKind.INTERNAL, attributes: { "booking.job": job } }, async (span) => {
    try {
      const result = await run();
      span.setStatus({ code: SpanStatusCode.OK });
      return result;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "Error" });
      throw error;
    } finally {
      span.end();
    }
  });
}
