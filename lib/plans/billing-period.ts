/** The billing period: the calendar month in UTC that contains `now` (UTC has no zone rules: plain date arithmetic). */
export function billingPeriod(now: Date): { start: Date; end: Date; key: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1)),
    end: new Date(Date.UTC(year, month + 1, 1)),
    key: `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}`,
  };
}
