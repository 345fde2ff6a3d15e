import { LRUCache } from "lru-cache";
import { assertRange, AVAILABILITY_WORKSPACE_FIELDS, getAvailability, type AvailabilityContext, type GetAvailabilityInput } from "./get-availability";
import { readAvailabilityRevision } from "./revision";
import { toAvailabilityJson } from "./serialize";

/**
 * Availability answers as JSON bytes, kept per instance and served again while they are
 * still exactly the answer: a booking page asks the same month many times between two
 * changes, and a 62-day answer costs ~10 ms to compute and ~1 MB to write.
 *
 * An entry is served only when (1) the workspace's availability revision, read before any
 * data, still has the value the entry was computed at: every write to what availability reads
 * commits a new value (migration 0004), and the data read after the revision is at least that
 * new; and (2) the clock is still inside the entry's validity (computed ≤ now < the next
 * minute or the first lapse of a hold it counts as busy; see AvailabilityAnswer). The key
 * holds the request and every workspace setting the answer depends on. Each instance keeps
 * its own entries; the revision lives in the database, so every instance sees every change.
 * A bad range is refused by getAvailability (no entry can exist for it).
 */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;

type Entry = { revision: number; validFromMs: number; validUntilMs: number; body: Uint8Array<ArrayBuffer> };

/** Slot starts are whole seconds (zone offsets are), so a range's answer is that of its bounds rounded up to the second. */
const SECOND_MS = 1000;
const ceilToSecond = (ms: number) => Math.ceil(ms / SECOND_MS) * SECOND_MS;

const answers = new LRUCache<string, Entry>({
  maxSize: MAX_CACHED_BYTES,
  sizeCalculation: (entry, key) => entry.body.byteLength + key.length,
});

/** GET /v1/availability's body ({ data: StaffSlots[] }) for one request. */
export async function getAvailabilityJson({ ctx, input }: { ctx: AvailabilityContext; input: GetAvailabilityInput }): Promise<Uint8Array<ArrayBuffer>> {
  const settings = AVAILABILITY_WORKSPACE_FIELDS.map((field) => ctx.workspace[field]);
  // A slot is in [from, to) exactly when it is in [⌈from⌉, ⌈to⌉) to the second: one kept
  // answer serves every millisecond of the same seconds. A bad range is refused on its own
  // values first, and a range inside one second (no slot) is left as it is.
  assertRange(input.from.getTime(), input.to.getTime());
  const fromMs = ceilToSecond(input.from.getTime());
  const toMs = ceilToSecond(input.to.getTime());
  if (toMs > fromMs) input = { ...input, from: new Date(fromMs), to: new Date(toMs) };
  const key = JSON.stringify([...settings, input.serviceId, input.from.getTime(), input.to.getTime(), input.excludeBookingId ?? null]);
  const revision = ctx.availabilityRevision ?? (await readAvailabilityRevision(ctx.db, ctx.workspace.id));
  const nowMs = ctx.clock.now().getTime();
  const cached = answers.get(key);
  if (cached && cached.revision === revision && cached.validFromMs <= nowMs && nowMs < cached.validUntilMs) return cached.body;

  const answer = await getAvailability({ ctx: { ...ctx, availabilityRevision: revision }, input });
  const body = toAvailabilityJson(answer.calendars, ctx.workspace.timezone);
  answers.set(key, { revision, validFromMs: answer.validFromMs, validUntilMs: answer.validUntilMs, body });
  return body;
}
