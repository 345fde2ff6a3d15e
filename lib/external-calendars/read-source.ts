import { getConfig } from "@/lib/config";
import type { ExternalCalendarRow } from "@/lib/db/schema";
import type { SourceCredentials } from "./credentials";
import { FetchError, fetchUrl } from "./fetch-url";
import { readCaldavBusy } from "./caldav";
import { readBusyIntervals, type BusyInterval } from "./read-busy-intervals";
import type { SyncWindow } from "./sync-window";

export type SourceRead = { changed: false } | { changed: true; intervals: BusyInterval[]; etag: string | null; lastModified: string | null };

type Validators = Pick<ExternalCalendarRow, "etag" | "lastModified">;

/**
 * Reads a source's busy intervals in the window. An ICS address is asked conditionally
 * (If-None-Match / If-Modified-Since from the last good answer): a 304 is "unchanged". Throws
 * FetchError or FeedError with a message safe to show.
 */
export async function readSource(
  kind: ExternalCalendarRow["kind"],
  credentials: SourceCredentials,
  validators: Validators,
  window: SyncWindow,
): Promise<SourceRead> {
  if (kind === "caldav") return { changed: true, intervals: await readCaldavBusy(credentials, window), etag: null, lastModified: null };
  const headers: Record<string, string> = { Accept: "text/calendar, */*;q=0.5" };
  if (validators.etag) headers["If-None-Match"] = validators.etag;
  if (validators.lastModified) headers["If-Modified-Since"] = validators.lastModified;
  const response = await fetchUrl({ url: credentials.url, headers, allowAnyAddress: getConfig().devTools });
  if (response.status === 304 && (validators.etag || validators.lastModified)) return { changed: false };
  if (response.status < 200 || response.status >= 300) throw new FetchError(`The server answered ${response.status}${statusHint(response.status)}.`);
  const etag = headerOf(response.headers.etag);
  const lastModified = headerOf(response.headers["last-modified"]);
  return { changed: true, intervals: readBusyIntervals(response.body, window), etag, lastModified };
}

function headerOf(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 512 ? text : null;
}

function statusHint(status: number): string {
  if (status === 401 || status === 403) return " (the address may have been reset or made private)";
  if (status === 404 || status === 410) return " (the address no longer exists)";
  return "";
}
