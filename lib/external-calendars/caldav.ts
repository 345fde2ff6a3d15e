import type { SourceCredentials } from "./credentials";
import { FetchError } from "./fetch-url";
import type { BusyInterval } from "./read-busy-intervals";
import type { SyncWindow } from "./read-source";

/** CalDAV collections are read in stage 4 (see docs/external-calendars.md). */
export async function readCaldavBusy(_credentials: SourceCredentials, _window: SyncWindow): Promise<BusyInterval[]> {
  throw new FetchError("CalDAV sources are not available yet.");
}
