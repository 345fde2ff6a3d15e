import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FramedResponse, framedResponse, framingCarried, jsonResponse } from "./framing";

/**
 * FramedResponse over a real socket, written to as Next.js writes a route's answer
 * (send-response.js, pipe-readable.js): headers set one by one without Content-Length or
 * Content-Encoding, flushHeaders, then write and flush per chunk, then end.
 */
const LARGE = JSON.stringify({ data: Array.from({ length: 400 }, (_, index) => ({ id: `bkg_${index}`, status: "confirmed" })) });
const SMALL = JSON.stringify({ error: { type: "not_found", message: "Unrecognized request URL. See /v1/openapi.json." } });

/** A route's Response, sent as Next.js sends it: the framing headers dropped, the body piped. */
async function sendLikeNext(response: FramedResponse, route: Response, method: string) {
  response.statusCode = route.status;
  route.headers.forEach((value, name) => {
    if (!["content-length", "content-encoding", "transfer-encoding"].includes(name)) response.setHeader(name, value);
  });
  if (!route.body || method === "HEAD") return void response.end();
  response.flushHeaders();
  for await (const chunk of route.body as unknown as AsyncIterable<Uint8Array>) {
    if (!response.write(chunk)) await new Promise((resolve) => response.once("drain", resolve));
    response.flush();
  }
  response.end();
}

const routes: Record<string, () => Response> = {
  "/v1/no-such-thing": () => jsonResponse(JSON.parse(SMALL), { status: 404 }),
  "/v1/bookings": () => jsonResponse(JSON.parse(LARGE)),
  "/v1/availability": () => {
    const bytes = new Uint8Array(gzipSync(LARGE));
    return framedResponse(bytes, { headers: { "Content-Type": "application/json" }, length: bytes.byteLength, encoding: "gzip" });
  },
  // A page streamed in parts, its length unknown (one part of several megabytes: back-pressure).
  "/page": () => {
    const parts = ["<!doctype html><p>", "x".repeat(4 * 1024 * 1024), "</p>"];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(Buffer.from(part));
        controller.close();
      },
    });
    return new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
};

let server: http.Server<typeof IncomingMessage, typeof FramedResponse>;
let port = 0;
const carried: boolean[] = [];

beforeAll(async () => {
  server = http.createServer({ ServerResponse: FramedResponse }, (request, response) => {
    request.resume();
    response.answer(() => {
      carried.push(framingCarried());
      const route = routes[(request.url ?? "").split("?")[0]!]!();
      void sendLikeNext(response, route, request.method ?? "GET");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer };

function ask(method: string, path: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {};
    const request = http.request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(method === "POST" ? "{}" : undefined);
  });
}

const decoded = (answer: Answer) => {
  const encoding = answer.headers["content-encoding"];
  return (encoding === "br" ? brotliDecompressSync(answer.bytes) : encoding === "gzip" ? gunzipSync(answer.bytes) : answer.bytes).toString("utf8");
};

describe("FramedResponse: one compression rule for every answer", () => {
  it("a 90-byte answer goes as it is, with its length, whatever the client accepts", async () => {
    const small = await ask("GET", "/v1/no-such-thing", "gzip, deflate, br");
    expect(small.status).toBe(404);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe(String(Buffer.byteLength(SMALL)));
    expect(small.bytes.toString("utf8")).toBe(SMALL);
    expect(carried.every(Boolean)).toBe(true);
  });

  it("a large answer is compressed in the encoding the client prefers, and sent whole without one", async () => {
    const gzip = await ask("GET", "/v1/bookings", "gzip, deflate");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-length"]).toBeUndefined();
    expect(gzip.headers.vary).toBe("Accept-Encoding");
    expect(decoded(gzip)).toBe(LARGE);
    const br = await ask("GET", "/v1/bookings", "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(decoded(br)).toBe(LARGE);
    const plain = await ask("GET", "/v1/bookings");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(LARGE)));
    expect(plain.bytes.toString("utf8")).toBe(LARGE);
  });

  it("a write under /v1 is answered uncompressed, with its length", async () => {
    const write = await ask("POST", "/v1/bookings", "gzip, deflate, br");
    expect(write.headers["content-encoding"]).toBeUndefined();
    expect(write.headers["content-length"]).toBe(String(Buffer.byteLength(LARGE)));
    expect(write.bytes.toString("utf8")).toBe(LARGE);
  });

  it("bytes a route encoded itself go once, with the route's encoding and length", async () => {
    const kept = await ask("GET", "/v1/availability", "gzip");
    expect(kept.headers["content-encoding"]).toBe("gzip");
    expect(kept.headers["content-length"]).toBe(String(kept.bytes.length));
    expect(decoded(kept)).toBe(LARGE);
  });

  it("HEAD: the GET's length, no body, nothing compressed", async () => {
    const head = await ask("HEAD", "/v1/bookings", "gzip");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(LARGE)));
    expect(head.bytes.length).toBe(0);
  });

  it("a streamed answer of unknown length (megabytes, so the socket pushes back) is compressed whole", async () => {
    for (const acceptEncoding of ["gzip", "br"]) {
      const page = await ask("GET", "/page", acceptEncoding);
      expect(page.headers["content-encoding"]).toBe(acceptEncoding);
      expect(decoded(page)).toBe(`<!doctype html><p>${"x".repeat(4 * 1024 * 1024)}</p>`);
    }
  });

  it("no private header: a route's framing travels in the request's scope, not on the wire", async () => {
    for (const [method, path] of [
      ["GET", "/v1/no-such-thing"],
      ["GET", "/v1/bookings"],
      ["POST", "/v1/bookings"],
      ["GET", "/v1/availability"],
      ["HEAD", "/v1/bookings"],
    ] as const) {
      const answer = await ask(method, path, "gzip");
      expect(Object.keys(answer.headers).filter((name) => name.startsWith("x-"))).toEqual([]);
    }
  });

  it("outside a request scope (a bare `next start`), a route is told it cannot send encoded bytes", () => {
    expect(framingCarried()).toBe(false);
  });
});
