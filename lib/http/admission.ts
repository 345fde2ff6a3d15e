import type { ServerResponse } from "node:http";

/**
 * Requests handed to Next.js at once; the others wait in arrival order (as unread sockets,
 * which cost next to nothing). A burst of a thousand requests then keeps the memory of a
 * hundred, and the first to come are the first answered. Health probes never wait here
 * (lib/http/probes.ts, answered before admission).
 */
export const MAX_IN_FLIGHT = 100;

export type Admit = (response: ServerResponse, run: () => void) => void;

/** Runs at most `limit` requests at once; the rest start in arrival order as earlier ones close. */
export function admission(limit: number = MAX_IN_FLIGHT): Admit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return (response, run) => {
    const start = () => {
      // A client that left while waiting is not served.
      if (response.destroyed) return release();
      response.once("close", release);
      run();
    };
    if (running < limit) {
      running++;
      start();
    } else {
      waiting.push(start);
    }
  };
}
