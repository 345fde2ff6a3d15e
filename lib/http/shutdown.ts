import type { IncomingMessage, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { setDraining } from "@/lib/health/lifecycle";
import { getLogger } from "@/lib/log/logger";
import { flushTraces } from "@/lib/observability/tracing";
import { processSlot } from "@/lib/process-state";

/** The server as the shutdown sees it: a listener whose connections it can close. */
type Listener = net.Server & { closeAllConnections: () => void };

/** How long a shutdown waits for the requests in flight (SHUTDOWN_TIMEOUT_MS, default 10 s). */
const shutdownTimeoutMs = () => Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;
/** A connection that has sent no request this long after it opened, or after the drain began, is idle. */
const FIRST_REQUEST_GRACE_MS = 2_000;
/** While draining, the listener closes once no connection is open and none has come this long. */
const LISTEN_QUIET_MS = 250;

/**
 * SIGTERM (docs/deploy.md, "Stopping an instance"): say so on /readyz, answer every request
 * already received (bounded by SHUTDOWN_TIMEOUT_MS), stop the in-process runner after the step
 * it is running, close Next.js and the database. Each step writes a log line: the signal, the
 * draining, the exit.
 *
 * A connection the kernel has accepted but Node has not yet taken from the listen queue is
 * reset when the listener closes, and under a burst that queue holds most of the clients (the
 * deploy check saw 114 of 200 reads reset, the instance gone in 0.3 s). So the listener stays
 * open, answering with `Connection: close`, until every connection is idle and none has come
 * for LISTEN_QUIET_MS: the queue is then empty, and a client that comes later is refused, which
 * a client or balancer may retry because nothing was sent. Node's own `server.close()` would
 * also drop connections whose request is not parsed yet, so a connection is closed only once it
 * is truly idle: after its answer, or kept alive with nothing in flight, or silent (not one
 * byte received) for FIRST_REQUEST_GRACE_MS after it opened and after the drain began; one that
 * has sent part of a request is waited for, up to SHUTDOWN_TIMEOUT_MS. A connection opened before
 * the signal gets its grace again from the drain's start: on a busy machine Node can have taken it
 * from the queue long before reading the request its client had already sent, and closing it then
 * resets that request.
 */
export function exitOnSignals(server: Listener, connections: ConnectionTracker, closeApp: () => Promise<void>): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      getLogger().info({ event: "signal", signal }, `${signal} received: shutting down`);
      void shutDown(server, connections, closeApp).finally(() => {
        getLogger().info({ event: "exit", code: 0 }, "exiting");
        process.exit(0);
      });
    });
  }
}

async function shutDown(server: Listener, connections: ConnectionTracker, closeApp: () => Promise<void>): Promise<void> {
  setDraining(true);
  const started = performance.now();
  const deadline = started + shutdownTimeoutMs();
  getLogger().info(
    { event: "draining", open_connections: connections.open.size, timeout_ms: shutdownTimeoutMs() },
    "draining: /readyz answers 503; answering the requests received, then closing",
  );
  let listening = true;
  while (performance.now() < deadline) {
    // Timers run before the event loop polls its sockets: after a stall (a busy machine) the
    // kernel can hold a request Node has not read yet, or a connection it has not taken from the
    // listen queue. Each look at the connections comes after a poll (setImmediate's phase), so a
    // request that arrived is seen in flight, never taken for a silent connection.
    await new Promise((resolve) => setImmediate(resolve));
    connections.closeIdle(started);
    const quiet = connections.open.size === 0 && performance.now() - connections.lastOpenedAt() >= LISTEN_QUIET_MS;
    if (listening && quiet) {
      net.Server.prototype.close.call(server);
      listening = false;
    }
    if (!listening && connections.open.size === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (listening) net.Server.prototype.close.call(server);
  const cut = connections.open.size;
  server.closeAllConnections();
  for (const socket of connections.open.keys()) socket.destroy();
  getLogger().info(
    {
      event: "drained",
      duration_ms: Math.round(performance.now() - started),
      connections_closed_answered: connections.closed.answered,
      connections_closed_silent: connections.closed.silent,
      connections_cut: cut,
    },
    "drained: closing the runner, Next.js and the database",
  );
  // Read from their process slots (lib/process-state.ts): the runner and the database handle
  // were made by Next's bundles, and importing their modules here would load the domain twice.
  await processSlot<{ runner?: { stop: () => Promise<void> } }>("runner", () => ({}))
    .runner?.stop()
    .catch(() => {});
  await flushTraces();
  await closeApp().catch(() => {});
  const db = processSlot<{ handle?: Promise<{ close: () => Promise<void> }> }>("db", () => ({})).handle;
  if (db) await (await db).close().catch(() => {});
}

type ConnectionState = { openedAt: number; served: number; active: number };
export type ConnectionTracker = {
  open: Map<Socket, ConnectionState>;
  lastOpenedAt: () => number;
  /** Closes every idle connection; silence counts from its opening or from `drainingSince`, whichever is later. */
  closeIdle: (drainingSince: number) => void;
  /** How many connections closeIdle has closed: after their answers, or silent. */
  closed: { answered: number; silent: number };
  request: (request: IncomingMessage, response: ServerResponse) => void;
};

/** Every open connection and whether a request is being answered on it. */
export function trackConnections(server: Listener): ConnectionTracker {
  const open = new Map<Socket, ConnectionState>();
  let lastOpenedAt = 0;
  const closed = { answered: 0, silent: 0 };
  server.on("connection", (socket: Socket) => {
    lastOpenedAt = performance.now();
    open.set(socket, { openedAt: lastOpenedAt, served: 0, active: 0 });
    socket.once("close", () => open.delete(socket));
  });
  return {
    open,
    closed,
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
    closeIdle(drainingSince) {
      const now = performance.now();
      for (const [socket, state] of open) {
        if (state.active > 0) continue;
        if (state.served > 0) {
          closed.answered++;
          socket.destroy();
        } else if (socket.bytesRead === 0 && now - Math.max(state.openedAt, drainingSince) > FIRST_REQUEST_GRACE_MS) {
          // Silent (not one byte of a request read) since it opened and since the drain began.
          closed.silent++;
          socket.destroy();
        }
      }
    },
  };
}
