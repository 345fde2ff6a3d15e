import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { isDraining } from "@/lib/health/lifecycle";
import { inRequestLogScope, type RequestLogRecord } from "@/lib/log/logger";
import next from "next";
import { admission } from "./admission";
import { normalize, PEER_ADDRESS_HEADER } from "./client-ip";
import { screenMalformedTarget, screenRequest, type GateAnswer } from "./gate";
import { answerProbe, isProbePath } from "./probes";
import { logWhenAnswered } from "./request-log";
import { exitOnSignals, trackConnections } from "./shutdown";

export { routePatternOf } from "./request-log";

type AppServer = http.Server;

/**
 * The production server: Next.js's own request handler (what `next start` runs) behind the
 * gate (lib/http/gate.ts), so that every request gets an answer of ours, including the ones
 * Next cannot take: TRACE, CONNECT and unknown methods, undecodable paths and `//`. A custom
 * server is the only layer that sees them: Next redirects `//` and fails on TRACE before any
 * proxy or route runs.
 *
 * Its parts, each in its own module: health probes answered before admission (./probes.ts),
 * admission (./admission.ts), the request log (./request-log.ts), and the shutdown at SIGTERM
 * with the connections it tracks (./shutdown.ts).
 */
export async function startServer({ port, hostname }: { port: number; hostname?: string }): Promise<AppServer> {
  const app = next({ dev: false, dir: process.cwd(), port, hostname });
  const handle = app.getRequestHandler();
  await app.prepare();

  const admit = admission();

  // Answers go uncompressed: compression is the balancer's (docs/deploy.md, docs/architecture.md#response-framing).
  const server = http.createServer((request: IncomingMessage, response: ServerResponse) => {
    connections.request(request, response);
    const record: RequestLogRecord = {};
    logWhenAnswered(request, response, record);
    // While draining, a request on a kept-alive connection is still answered, then the connection closes.
    if (isDraining()) response.setHeader("Connection", "close");
    const target = request.url ?? "/";
    // Health probes never wait for admission: a probe answered late restarts a healthy instance.
    if (isProbePath(target)) {
      const probe = answerProbe(request.method ?? "", target);
      if (probe) return writeAnswer(request, response, probe);
      return inRequestLogScope(record, () => void handle(request, response));
    }
    const answer = screenRequest(request.method ?? "", target);
    if (!answer) {
      request.headers[PEER_ADDRESS_HEADER] = normalize(request.socket.remoteAddress ?? "");
      return admit(response, () => inRequestLogScope(record, () => void handle(request, response)));
    }
    writeAnswer(request, response, answer);
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
  exitOnSignals(server, connections, () => app.close());
  return server;
}

/**
 * How long an idle kept-alive connection stays open: longer than haproxy (5 s, its
 * pool-purge-delay), nginx (60 s) or a cloud balancer (60 s) keeps one. Node's own 5 s races them.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** An answer of ours, not Next's: the gate's or a probe's. */
function writeAnswer(request: IncomingMessage, response: ServerResponse, answer: GateAnswer): void {
  // The body of a request answered here is never read; leaving it unread would stall keep-alive.
  request.resume();
  response.writeHead(answer.status, { ...answer.headers, "Content-Length": Buffer.byteLength(answer.body) });
  response.end(request.method === "HEAD" ? undefined : answer.body);
}

/** An answer on a socket no response object owns (CONNECT, parse errors); then the connection closes. */
function writeRaw(socket: Duplex, answer: GateAnswer) {
  const headers = { ...answer.headers, "Content-Length": String(Buffer.byteLength(answer.body)), Connection: "close" };
  const head = [`HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  socket.end(`${head.join("\r\n")}\r\n\r\n${answer.body}`);
}
