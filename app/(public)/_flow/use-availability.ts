"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { monthRangeInZone } from "@/lib/booking-pages/format";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import type { RepeatChoice } from "@/lib/booking-pages/flow-location";
import { getAvailability } from "@/lib/booking-pages/public-api";
import type { StaffSlots } from "@/lib/booking-pages/types";

type Query = {
  publishableKey: string;
  serviceId: string;
  month: string;
  zone: string;
  excludeBookingId?: string;
  /** A class's full sessions too (seats_left 0), for "Full" and "Join the waitlist". */
  includeFull?: boolean;
  /** A series: only the starts where every occurrence is free. */
  repeat?: RepeatChoice | null;
  refreshKey: number;
};

export type AvailabilityState = { status: "loading" } | { status: "ready"; data: StaffSlots[] } | { status: "error"; error: FriendlyError; retry: () => void };

/**
 * One availability request per visible month (in the zone being shown), cached so paging
 * back and forth costs nothing; `refreshKey` drops the cache after a slot turned out taken.
 */
export function useAvailability(query: Query): AvailabilityState {
  const tErrors = useTranslations("errors");
  const cache = useRef(new Map<string, StaffSlots[]>());
  const [state, setState] = useState<AvailabilityState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const lastRefresh = useRef(query.refreshKey);

  useEffect(() => {
    if (lastRefresh.current !== query.refreshKey) {
      cache.current.clear();
      lastRefresh.current = query.refreshKey;
    }
    const key = [
      query.serviceId,
      query.month,
      query.zone,
      query.excludeBookingId ?? "",
      query.includeFull ? "full" : "",
      query.repeat ? `${query.repeat.every}×${query.repeat.count}` : "",
    ].join("|");
    const cached = cache.current.get(key);
    if (cached) {
      setState({ status: "ready", data: cached });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    const range = monthRangeInZone(query.month, query.zone);
    void getAvailability(query.publishableKey, {
      service_id: query.serviceId,
      from: range.from,
      to: range.to,
      exclude_booking_id: query.excludeBookingId,
      include_full: query.includeFull ? "true" : undefined,
      repeat_every: query.repeat?.every,
      repeat_count: query.repeat ? String(query.repeat.count) : undefined,
    }).then((result) => {
      if (!live) return;
      if (result.ok) {
        cache.current.set(key, result.data.data);
        setState({ status: "ready", data: result.data.data });
      } else {
        setState({ status: "error", error: describeError(result.error, "availability", tErrors), retry: () => setAttempt((n) => n + 1) });
      }
    });
    return () => {
      live = false;
    };
  }, [
    query.publishableKey,
    query.serviceId,
    query.month,
    query.zone,
    query.excludeBookingId,
    query.includeFull,
    query.repeat?.every,
    query.repeat?.count,
    query.refreshKey,
    attempt,
    tErrors,
  ]);

  return state;
}
