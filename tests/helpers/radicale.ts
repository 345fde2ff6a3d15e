import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A real CalDAV server for tests: Debian's `radicale`, started on a free port of its own with
 * its own storage folder under a temp dir and plain htpasswd logins. .ci/run installs the
 * package when it is missing (`apt-get install -y radicale`); without it these tests skip.
 */
export const RADICALE_INSTALLED = spawnSync("radicale", ["--version"], { stdio: "ignore" }).status === 0;

export type Radicale = {
  origin: string;
  username: string;
  password: string;
  /** Makes an empty calendar collection (MKCALENDAR) and answers its address. */
  makeCalendar: (name: string) => Promise<string>;
  /** PUT one iCalendar object into a collection. */
  put: (collectionUrl: string, filename: string, ics: string) => Promise<void>;
  /** Every object of a collection: href and iCalendar text (read back with PROPFIND + GET). */
  objects: (collectionUrl: string) => Promise<{ href: string; ics: string }[]>;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startRadicale(): Promise<Radicale> {
  const folder = mkdtempSync(path.join(tmpdir(), "radicale-"));
  const username = "alex";
  const password = "app-pass-7Hq2-xV9m";
  writeFileSync(path.join(folder, "users"), `${username}:${password}\n`);
  const port = await freePort();
  writeFileSync(
    path.join(folder, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(folder, "users")}`,
      "htpasswd_encryption = plain",
      "delay = 0",
      "[storage]",
      `filesystem_folder = ${path.join(folder, "collections")}`,
      "[rights]",
      "type = owner_only",
      "[logging]",
      "level = warning",
    ].join("\n"),
  );
  const child: ChildProcess = spawn("radicale", ["--config", path.join(folder, "config")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${origin}/.web/`);
      break;
    } catch {
      if (attempt > 100 || child.exitCode !== null) throw new Error(`radicale did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const request = async (url: string, method: string, body?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { method, body, headers: { Authorization: authorization, ...headers } });
    if (response.status >= 400) throw new Error(`radicale ${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    origin,
    username,
    password,
    makeCalendar: async (name) => {
      const url = `${origin}/${username}/${name}/`;
      await request(url, "MKCALENDAR");
      return url;
    },
    put: async (collectionUrl, filename, ics) => {
      await request(`${collectionUrl}${filename}`, "PUT", ics, { "Content-Type": "text/calendar; charset=utf-8" });
    },
    objects: async (collectionUrl) => {
      const listing = await (
        await request(collectionUrl, "PROPFIND", '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>', { Depth: "1" })
      ).text();
      const hrefs = [...listing.matchAll(/<href>([^<]+\.ics)<\/href>/g)].map((match) => match[1]!);
      return Promise.all(hrefs.map(async (href) => ({ href, ics: await (await request(`${origin}${href}`, "GET")).text() })));
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
