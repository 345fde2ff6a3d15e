import http from "node:http";
import net from "node:net";
import { once } from "node:events";
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { trackConnections } from "./shutdown";

/**
 * What a draining server closes (lib/http/shutdown.ts): a connection that has sent nothing since
 * it opened is closed once its grace (2 s) is past, counted from its opening and from the drain's
 * start, like a browser's preconnect; one that has sent part of a request is waited for, however
 * slow its client.
 */
const GRACE_PAST_MS = 2_300;
let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe("the drain's idle connections", () => {
  it("closes a connection silent past its grace, and keeps one that has sent part of its request", async () => {
    server = http.createServer((_request, response) => response.end("ok"));
    const connections = trackConnections(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as net.AddressInfo;
    const connect = async () => {
      const socket = net.connect(port, "127.0.0.1");
      await once(socket, "connect");
      return socket;
    };
    const silent = await connect();
    const partial = await connect();
    partial.write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // Both sockets are open on the server's side, and the partial one's bytes have been read.
    await expect.poll(() => [...connections.open.keys()].map((socket) => socket.bytesRead).sort((a, b) => a - b)).toEqual([0, 37]);
    await new Promise((resolve) => setTimeout(resolve, GRACE_PAST_MS));

    // Silent past its grace since it opened, but the drain began just now: a request its client
    // sent before the signal may not have been read yet, so it is kept.
    connections.closeIdle(performance.now());
    await new Promise((resolve) => setImmediate(resolve));
    expect(connections.open.size).toBe(2);
    expect(connections.closed).toEqual({ answered: 0, silent: 0 });

    // Its grace past since the drain began too: closed.
    connections.closeIdle(performance.now() - GRACE_PAST_MS);
    await once(silent, "close");
    await expect.poll(() => connections.open.size).toBe(1);
    expect(connections.closed).toEqual({ answered: 0, silent: 1 });
    // The slow client finishes its request and is answered.
    const answer = new Promise<string>((resolve) => {
      let text = "";
      partial.on("data", (chunk) => (text += chunk));
      partial.on("end", () => resolve(text));
    });
    partial.end("Connection: close\r\n\r\n");
    expect(await answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/);
  }, 10_000);
});
