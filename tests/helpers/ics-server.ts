import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach } from "vitest";

/**
 * A real HTTP server on 127.0.0.1 that publishes iCalendar documents as providers do: the
 * fixtures of tests/fixtures/external-calendars (written after Google's, Outlook's, iCloud's
 * and Fastmail's documented export formats), with an ETag and Last-Modified, answering 304
 * to a matching conditional request. A path can instead answer any status, a redirect, a
 * page of HTML or nothing at all. Nothing is downloaded: the documents are local files.
 */
export type Published = { body: string; contentType?: string } | { status: number; location?: string; body?: string } | { hang: true };

export type IcsServer = {
  /** The address of a path on this server, e.g. url("/calendar/ical/secret-abc/basic.ics"). */
  url: (pathname: string) => string;
  publish: (pathname: string, what: Published) => void;
  /** Every request's path and headers, in order. */
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  close: () => Promise<void>;
};

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/external-calendars");

/** A provider's export, with `{{NAME}}` placeholders filled in. */
export function fixture(name: "google" | "outlook" | "icloud" | "fastmail", fill: Record<string, string> = {}): string {
  const text = readFileSync(path.join(FIXTURES, `${name}.ics`), "utf8").replace(/\r?\n/g, "\r\n");
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => fill[key] ?? "");
}

/** A minimal calendar of UTC events (start, end, uid). */
export function calendarOf(events: { start: string; end: string; uid: string; extra?: string }[]): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");
  const body = events
    .map((event) =>
      [
        "BEGIN:VEVENT",
        `UID:${event.uid}`,
        "DTSTAMP:20270301T000000Z",
        `DTSTART:${stamp(event.start)}`,
        `DTEND:${stamp(event.end)}`,
        ...(event.extra ? [event.extra] : []),
        "SUMMARY:Busy",
        "END:VEVENT",
      ].join("\r\n"),
    )
    .join("\r\n");
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Test//EN\r\n${body}${body ? "\r\n" : ""}END:VCALENDAR\r\n`;
}

const servers: IcsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Started per test; closed after it. */
export async function startIcsServer(): Promise<IcsServer> {
  const published = new Map<string, Published>();
  const requests: IcsServer["requests"] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://x").pathname;
    requests.push({ path: pathname, headers: request.headers });
    const what = published.get(pathname);
    if (!what) {
      response.writeHead(404, { "Content-Type": "text/html" });
      return response.end("<html><body>Not Found</body></html>");
    }
    if ("hang" in what) return void hanging.add(response);
    if ("status" in what) {
      response.writeHead(what.status, { ...(what.location ? { Location: what.location } : {}), "Content-Type": "text/html" });
      return response.end(what.body ?? "");
    }
    const etag = `"${createHash("sha256").update(what.body).digest("hex").slice(0, 16)}"`;
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, { ETag: etag });
      return response.end();
    }
    response.writeHead(200, {
      "Content-Type": what.contentType ?? "text/calendar; charset=utf-8",
      ETag: etag,
      "Last-Modified": "Mon, 01 Mar 2027 12:00:00 GMT",
    });
    response.end(what.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const handle: IcsServer = {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    publish: (pathname, what) => published.set(pathname, what),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
}
