import { z } from "zod";
import type { Queryable } from "@/lib/db/client";
import { DateTimeInput } from "@/lib/schemas";
import { readClockOffset, setClockOffset, systemClock, type Clock } from "./clock";
import { validationFailed } from "@/lib/errors";
import { isWithinInstantRange, parseInstant, toUtcIso } from "./zoned";

/**
 * The dev clock (docs/decisions.md#dev-tools): the app's now is real time plus an offset kept in the
 * database, so every instance and every time decision moves together.
 */
export const SetDevClockBody = z
  .object({
    now: DateTimeInput.optional(),
    advance_seconds: z
      .number()
      .int()
      .min(-10 * 365 * 86_400)
      .max(10 * 365 * 86_400)
      .optional(),
  })
  .refine((body) => (body.now === undefined) !== (body.advance_seconds === undefined), {
    message: "send exactly one of now (RFC 3339) or advance_seconds (integer)",
    path: ["now"],
  });
export type SetDevClockBody = z.infer<typeof SetDevClockBody>;

export type DevClockState = { now: string; offset_seconds: number };

export async function readDevClock(db: Queryable, real: Clock = systemClock): Promise<DevClockState> {
  return toState(await readClockOffset(db), real);
}

/** Sets the app's now to an instant, or moves it by a number of seconds (either way). */
export async function setDevClock(db: Queryable, input: SetDevClockBody, real: Clock = systemClock): Promise<DevClockState> {
  const offsetMs =
    input.now !== undefined ? parseInstant(input.now).getTime() - real.now().getTime() : (await readClockOffset(db)) + input.advance_seconds! * 1000;
  // Steps that add up must not carry the app past the instants it can accept and write.
  if (!isWithinInstantRange(new Date(real.now().getTime() + offsetMs))) {
    throw validationFailed("advance_seconds", "advance_seconds: the clock would leave [1970-01-01T00:00:00Z, 2200-01-01T00:00:00Z)");
  }
  await setClockOffset(db, offsetMs);
  return toState(offsetMs, real);
}

export async function resetDevClock(db: Queryable, real: Clock = systemClock): Promise<DevClockState> {
  await setClockOffset(db, 0);
  return toState(0, real);
}

function toState(offsetMs: number, real: Clock): DevClockState {
  return { now: toUtcIso(new Date(real.now().getTime() + offsetMs)), offset_seconds: Math.round(offsetMs / 1000) };
}
