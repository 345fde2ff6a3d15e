/**
 * The device's own clock, for browser code only: server code reads now from ctx.clock. The
 * booking pages read it to measure the browser's skew from the server's now (useServerClock).
 */
export function readDeviceNow(): number {
  return Date.now();
}
