"use client";

import { useTranslations } from "next-intl";
import { useZoneNames } from "@/components/booking/zone-names";
import { REPEAT_WEEKS, seriesStarts } from "@/lib/availability/series-starts";
import type { RepeatChoice, SavedHold } from "@/lib/booking-pages/flow-location";
import type { DaySlot } from "@/lib/booking-pages/slots";
import { summaryRows, type SummaryRow } from "@/lib/booking-pages/summary";
import type { BootstrapWorkspace, CustomerService } from "@/lib/booking-pages/types";
import type { Wording } from "@/lib/booking-pages/wording";

type FlowSummaryInput = {
  workspace: BootstrapWorkspace;
  service: CustomerService | null;
  /** The hold the flow is on (code, pay or done step), else null. */
  hold: SavedHold | null;
  /** The time chosen and not yet booked, else null. */
  slot: DaySlot | null;
  /** The calendar's name: the hold's once made, else the chosen one. */
  staffName: string | null;
  repeat: RepeatChoice | null;
  customerZone: string | null;
  locale: string;
  wording: Wording;
};

/**
 * What every step after the time shows of the booking (docs/booking-flow.md): the service, the time
 * in both zones, the calendar and the price, and for a series its dates — the booked ones once made,
 * else the ones the chosen time and repeat will make. `paid` adds what was paid.
 */
export function useFlowSummary({ workspace, service, hold, slot, staffName, repeat, customerZone, locale, wording }: FlowSummaryInput) {
  const t = useTranslations("flow.summary");
  const zoneNames = useZoneNames();
  const seriesDates = hold?.series
    ? hold.series.bookings.map((booking) => booking.starts_at)
    : repeat && slot
      ? seriesStarts(new Date(slot.start), repeat, workspace.timezone).map((start) => start.toISOString())
      : null;
  return (paid: boolean): SummaryRow[] =>
    service
      ? summaryRows({
          service,
          staffName,
          startsAt: hold?.startsAt ?? slot?.start ?? "",
          endsAt: hold?.endsAt ?? slot?.end ?? "",
          businessZone: workspace.timezone,
          customerZone,
          currency: workspace.currency,
          locale,
          wording,
          paid,
          zoneNames,
          t,
          series: seriesDates ? { weeks: REPEAT_WEEKS[repeat?.every ?? "week"], starts: seriesDates } : undefined,
        })
      : [];
}
