import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import type { Duplex } from "node:stream";
import { getLogger, type RequestLogRecord } from "@/lib/log/logger";
import { observeRequest } from "@/lib/observability/metrics";
import { flushTraces } from "@/lib/observability/tracing";
import next from "next";
import { FramedResponse } from "./framing";
import { normalize, PEER_ADDRESS_HEADER } from "./client-ip";
import { screenMalformedTarget, screenRequest, type GateAnswer } from "./gate";

/** Our server: its responses are FramedResponses. */
type AppServer = http.Server<typeof IncomingMessage, typeof FramedResponse>;

/**
 * The production server: Next.js's own request handler (what `next start` runs) behind the
 * gate (lib/http/gate.ts), so that every request gets an answer of ours, including the ones
 * Next cannot take: TRACE, CONNECT and unknown methods, undecodable paths and `//`. A custom
 * server is the only layer that sees them: Next redirects `//` and fails on TRACE before any
 * proxy or route runs.
 */
export async function startServer({ port, hostname }: { port: number; hostname?: string }): Promise<AppServer> {
  const app = next({ dev: false, dir: process.cwd(), port, hostname });
  const handle = app.getRequestHandler();
  await app.prepare();

  const admit = admission(MAX_IN_FLIGHT);

  const lifecycle = ((globalThis as { __bookingLifecycle?: { draining?: boolean } }).__bookingLifecycle ??= {});
  const requestLog = new AsyncLocalStorage<RequestLogRecord>();
  (globalThis as { __bookingRequestLog?: AsyncLocalStorage<RequestLogRecord> }).__bookingRequestLog = requestLog;
  // Every answer's length and compression are decided in FramedResponse (lib/http/framing.ts).
  const server = http.createServer({ ServerResponse: FramedResponse }, (request: IncomingMessage, response: FramedResponse) => {
    connections.request(request, response);
    const record: RequestLogRecord = {};
    logWhenAnswered(request, response, record);
    // While draining, a request on a kept-alive connection is still answered, then the connection closes.
    if (lifecycle.draining) response.setHeader("Connection", "close");
    const answer = screenRequest(request.method ?? "", request.url ?? "/");
    if (!answer) {
      request.headers[PEER_ADDRESS_HEADER] = normalize(request.socket.remoteAddress ?? "");
      return admit(response, () => requestLog.run(record, () => response.answer(() => void handle(request, response))));
    }
    // The body of a screened request is never read; leaving it unread would stall keep-alive.
    request.resume();
    response.writeHead(answer.status, { ...answer.headers, "Content-Length": Buffer.byteLength(answer.body) });
    response.end(request.method === "HEAD" ? undefined : answer.body);
  });
  // A balancer keeps the connections it opened to us and reuses them; if we close one on the
  // instant it sends a request down it, that request dies unanswered and the balancer drops its
  // client (the deploy check saw "fetch failed" through haproxy). So an idle connection is ours
  // to keep longer than any balancer keeps one (docs/deploy.md, "Keep-alive").
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  const connections = trackConnections(server);
  // Node hands CONNECT to this event, not to the request handler; with no listener it drops the socket.
  server.on("connect", (request: IncomingMessage, socket: Duplex) => {
    writeRaw(socket, screenRequest("CONNECT", request.url ?? "/")!);
  });
  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    // llhttp knows a fixed list of methods and rejects the rest, and any target with raw
    // control or non-ASCII bytes, before a request exists; the request line is still in the
    // packet, so the gate answers it like any other.
    const line = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?\n/.exec(error.rawPacket?.toString("latin1") ?? "");
    if (line && error.code === "HPE_INVALID_METHOD") return writeRaw(socket, screenRequest(line[1]!, line[2]!) ?? screenMalformedTarget(line[2]!));
    if (line && error.code === "HPE_INVALID_URL") return writeRaw(socket, screenMalformedTarget(line[2]!));
    // Node's own answers to a message that is not HTTP.
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
  });

  // A port already taken fails the start (serve.ts exits 1): Next.js logs uncaught errors and carries on.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      resolve();
    });
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void shutDown(server, connections, () => app.close()).finally(() => process.exit(0));
    });
  }
  return server;
}

/**
 * How long an idle kept-alive connection stays open: longer than haproxy (5 s, its
 * pool-purge-delay), nginx (60 s) or a cloud balancer (60 s) keeps one. Node's own 5 s races them.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** How long a shutdown waits for the requests in flight (SHUTDOWN_TIMEOUT_MS, default 10 s). */
const shutdownTimeoutMs = () => Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;
/** A connection that has sent no request this long after it opened is idle. */
const FIRST_REQUEST_GRACE_MS = 2_000;
/** While draining, the listener closes once no connection is open and none has come this long. */
const LISTEN_QUIET_MS = 250;

/**
 * SIGTERM (docs/deploy.md, "Stopping an instance"): say so on /readyz, answer every request
 * already received (bounded by SHUTDOWN_TIMEOUT_MS), stop the in-process runner after the step
 * it is running, close Next.js and the database. The state lives on globalThis: the routes, the
 * runner and the database handle are in Next's bundles.
 *
 * A connection the kernel has accepted but Node has not yet taken from the listen queue is
 * reset when the listener closes, and under a burst that queue holds most of the clients (the
 * deploy check saw 114 of 200 reads reset, the instance gone in 0.3 s). So the listener stays
 * open, answering with `Connection: close`, until every connection is idle and none has come
 * for LISTEN_QUIET_MS: the queue is then empty, and a client that comes later is refused, which
 * a client or balancer may retry because nothing was sent. Node's own `server.close()` would
 * also drop connections whose request is not parsed yet, so a connection is closed only once it
 * is truly idle: after its answer, or kept alive with nothing in flight, or silent for
 * FIRST_REQUEST_GRACE_MS after it opened.
 */
async function shutDown(server: AppServer, connections: ConnectionTracker, closeApp: () => Promise<void>): Promise<void> {
  const shared = globalThis as {
    __bookingLifecycle?: { draining?: boolean };
    __bookingRunner?: { runner?: { stop: () => Promise<void> } };
    __bookingDb?: { handle?: Promise<{ close: () => Promise<void> }> };
  };
  (shared.__bookingLifecycle ??= {}).draining = true;
  const deadline = performance.now() + shutdownTimeoutMs();
  let listening = true;
  while (performance.now() < deadline) {
    connections.closeIdle();
    const quiet = connections.open.size === 0 && performance.now() - connections.lastOpenedAt() >= LISTEN_QUIET_MS;
    if (listening && quiet) {
      net.Server.prototype.close.call(server);
      listening = false;
    }
    if (!listening && connections.open.size === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (listening) net.Server.prototype.close.call(server);
  server.closeAllConnections();
  for (const socket of connections.open.keys()) socket.destroy();
  await shared.__bookingRunner?.runner?.stop().catch(() => {});
  await flushTraces();
  await closeApp().catch(() => {});
  const db = shared.__bookingDb?.handle;
  if (db) await (await db).close().catch(() => {});
}

type ConnectionState = { openedAt: number; served: number; active: number };
type ConnectionTracker = { open: Map<Socket, ConnectionState>; lastOpenedAt: () => number; closeIdle: () => void };

/** Every open connection and whether a request is being answered on it. */
function trackConnections(server: AppServer): ConnectionTracker & { request: (request: IncomingMessage, response: ServerResponse) => void } {
  const open = new Map<Socket, ConnectionState>();
  let lastOpenedAt = 0;
  server.on("connection", (socket: Socket) => {
    lastOpenedAt = performance.now();
    open.set(socket, { openedAt: lastOpenedAt, served: 0, active: 0 });
    socket.once("close", () => open.delete(socket));
  });
  return {
    open,
    lastOpenedAt: () => lastOpenedAt,
    request(request, response) {
      const state = open.get(request.socket);
      if (!state) return;
      state.active++;
      response.once("close", () => {
        state.active--;
        state.served++;
      });
    },
    closeIdle() {
      const now = performance.now();
      for (const [socket, state] of open) {
        if (state.active > 0) continue;
        if (state.served > 0 || now - state.openedAt > FIRST_REQUEST_GRACE_MS) socket.destroy();
      }
    },
  };
}

/**
 * Requests handed to Next.js at once; the others wait in arrival order (as unread sockets,
 * which cost next to nothing). A burst of a thousand requests then keeps the memory of a
 * hundred, and the first to come are the first answered.
 */
const MAX_IN_FLIGHT = 100;

function admission(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return (response: ServerResponse, run: () => void) => {
    const start = () => {
      // A client that left while waiting is not served.
      if (response.destroyed) return release();
      response.once("close", release);
      run();
    };
    if (running < limit) {
      running++;
      start();
    } else {
      waiting.push(start);
    }
  };
}

/** An answer on a socket no response object owns (CONNECT, parse errors); then the connection closes. */
function writeRaw(socket: Duplex, answer: GateAnswer) {
  const headers = { ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)), Connection: "close" };
  const head = [`HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  socket.end(`${head.join("\r\n")}\r\n\r\n${answer.body}`);
}

/**
 * One JSON line per request once it is answered (docs/operations.md, "Logs"): method, route
 * pattern (never the path itself, which may carry a manage or feed token; never the query),
 * status, duration, and for an API request the request id of its envelope and its workspace.
 * Health probes and static assets are logged at debug only.
 */
function logWhenAnswered(request: IncomingMessage, response: ServerResponse, record: RequestLogRecord) {
  const started = performance.now();
  response.once("close", () => {
    const path = (request.url ?? "/").split("?", 1)[0]!;
    const route = record.route ?? routePatternOf(path);
    const quiet = route === "/healthz" || route === "/readyz" || route.startsWith("/_next/");
    const durationMs = performance.now() - started;
    // GET /metrics and the traces: a path no page or route answered is one label, whatever the path.
    observeRequest({ method: request.method ?? "", route: record.route ?? metricRouteOf(route, response.statusCode), status: response.statusCode, durationMs });
    const line = {
      method: request.method,
      route,
      status: response.statusCode,
      duration_ms: Math.round(durationMs * 10) / 10,
      ...(record.request_id ? { request_id: record.request_id } : {}),
      ...(record.workspace_id ? { workspace_id: record.workspace_id } : {}),
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    const logger = getLogger();
    if (quiet) logger.debug(line, "request");
    else logger.info(line, "request");
  });
}

/**
 * A route pattern as a metric's label: the set of labels must stay small whatever clients send,
 * so a path refused below any route (404, 405, 400 for a path nothing serves) is `(unmatched)`,
 * not the path's own first segments. A pattern with a placeholder, `/`, the probes and the API's stay.
 */
function metricRouteOf(pattern: string, status: number): string {
  if (status < 400 || ["/", "/healthz", "/readyz", "/metrics"].includes(pattern) || pattern.startsWith("/v1/") || /\{\w+\}$/.test(pattern)) return pattern;
  return "(unmatched)";
}

/** The page or file a path names, with its secret or variable segment as a placeholder. */
export function routePatternOf(path: string): string {
  const [first = "", second] = path.split("/").slice(1);
  if (first === "") return "/";
  if (first === "_next") return `/_next/${second ?? ""}`;
  if (first === "v1") return "/v1/(unrouted)";
  const placeholders: Record<string, string> = {
    book: "/book/{slug}",
    embed: "/embed/{slug}",
    manage: "/manage/{token}",
    feeds: "/feeds/{token}",
    dev: `/dev/${second ?? ""}`,
    api: `/api/${second ?? ""}`,
    docs: "/docs/{page}",
  };
  if (second !== undefined && placeholders[first]) return placeholders[first]!;
  return `/${first.slice(0, 40)}`;
}
