import http from "node:http";
import net from "node:net";
import { E2E } from "./env";

/**
 * Requests as a careless or hostile client sends them, byte for byte: Playwright's and
 * Node's fetch refuse TRACE and CONNECT and normalise paths, so these go through node:http
 * (any method token, the path as given) or, for what node:http will not even write (CONNECT,
 * control bytes in the target), a bare socket.
 */
/** `bytes` as they came (a compressed body stays compressed); `text` is them read as UTF-8. */
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; bytes: Buffer };

export type RawRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const url = new URL(E2E.appUrl);

export function send({ method, path, headers = {}, body }: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent,
        headers: { ...headers, ...(body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: bytes.toString("utf8"), bytes });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * One request line and headers written to a fresh socket, read until the server closes it.
 * Only for answers the server writes whole with a Content-Length (the gate's).
 */
export function sendBytes(requestLine: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const lines = [requestLine, `Host: ${url.host}`, "Connection: close", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    socket.on("connect", () => socket.write(Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1")));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const bytes = Buffer.concat(chunks);
      const raw = bytes.toString("utf8");
      const [head = "", ...rest] = raw.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const parsed: http.IncomingHttpHeaders = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1] ?? 0),
        headers: parsed,
        text: rest.join("\r\n\r\n"),
        bytes: bytes.subarray(bytes.indexOf("\r\n\r\n") + 4),
      });
    });
  });
}
