import { deleteCalendarObject, fetchCalendarObjects, updateCalendarObject } from "tsdav";
import { getConfig } from "@/lib/config";
import type { SourceCredentials } from "./credentials";
import { FetchError, fetchUrl } from "./fetch-url";
import { FeedError, MAX_FEED_EVENTS, readBusyIntervals, type BusyInterval } from "./read-busy-intervals";
import type { SyncWindow } from "./sync-window";

/**
 * CalDAV through tsdav, with every request it makes sent by fetchUrl: the webhook URL rule on
 * every hop, 15 s, 10 MB, and the login sent to the collection's own origin only. A refused
 * login is a FetchError on `password`; nothing the server said is ever repeated.
 */
function guardedFetch(credentials: SourceCredentials): typeof fetch {
  const allowAnyAddress = getConfig().devTools;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      if (key !== "authorization") headers[key] = value;
    });
    const response = await fetchUrl({
      url,
      method: init?.method ?? "GET",
      headers,
      body: typeof init?.body === "string" ? init.body : undefined,
      basicAuth:
        credentials.username !== undefined && credentials.password !== undefined
          ? { username: credentials.username, password: credentials.password }
          : undefined,
      allowAnyAddress,
    });
    if (response.status === 401 || response.status === 403) throw new FetchError("The CalDAV server refused the username or password.", "password");
    const nullBody = [101, 204, 205, 304].includes(response.status);
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) if (typeof value === "string") responseHeaders.set(key, value);
    return new Response(nullBody ? null : response.body, { status: response.status, headers: responseHeaders });
  }) as typeof fetch;
}

function collectionOf(credentials: SourceCredentials) {
  return { url: credentials.url.endsWith("/") ? credentials.url : `${credentials.url}/` };
}

/** The busy intervals of a CalDAV collection's events in the window (the server filters by time, we expand). */
export async function readCaldavBusy(credentials: SourceCredentials, window: SyncWindow): Promise<BusyInterval[]> {
  let objects: { data?: string }[];
  try {
    objects = await fetchCalendarObjects({
      calendar: collectionOf(credentials),
      timeRange: { start: new Date(window.fromMs).toISOString(), end: new Date(window.toMs).toISOString() },
      fetch: guardedFetch(credentials),
    });
  } catch (error) {
    if (error instanceof FetchError) throw error;
    const status = error instanceof Error ? /failed: (\d{3})/.exec(error.message)?.[1] : undefined;
    throw new FetchError(
      status
        ? `The server answered ${status} to the calendar query (is this a CalDAV calendar collection?).`
        : "The server did not answer as a CalDAV calendar collection.",
    );
  }
  if (objects.length > MAX_FEED_EVENTS) throw new FeedError(`The calendar holds more than ${MAX_FEED_EVENTS.toLocaleString("en-US")} events.`);
  return objects.flatMap((object) => (object.data ? readBusyIntervals(object.data, window) : []));
}

/** Puts (creates or replaces) one event of the collection, named after its UID. */
export async function putCaldavEvent(credentials: SourceCredentials, filename: string, ics: string): Promise<void> {
  const response = await updateCalendarObject({
    calendarObject: { url: `${collectionOf(credentials).url}${filename}`, data: ics },
    fetch: guardedFetch(credentials),
  });
  if (!response.ok) throw new FetchError(`The server answered ${response.status} to writing an event.`);
}

/** Removes one event; one already gone is fine. */
export async function deleteCaldavEvent(credentials: SourceCredentials, filename: string): Promise<void> {
  const response = await deleteCalendarObject({ calendarObject: { url: `${collectionOf(credentials).url}${filename}` }, fetch: guardedFetch(credentials) });
  if (!response.ok && response.status !== 404) throw new FetchError(`The server answered ${response.status} to removing an event.`);
}
