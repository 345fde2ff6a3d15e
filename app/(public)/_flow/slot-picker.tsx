"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { StaffChoice } from "@/components/booking/staff-choice";
import { useZoneCity } from "@/components/booking/zone-names";
import { ZoneToggle } from "@/components/booking/zone-toggle";
import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { useAnnounce } from "@/components/ui/live-region";
import { Notice } from "@/components/ui/notice";
import { SkeletonGroup } from "@/components/ui/skeleton";
import { SlotGrid, type SlotGroup } from "@/components/ui/slot-grid";
import { addDays, dayInZone, formatLongDate, formatTime, nextMonth, startOfMonth, todayInZone } from "@/lib/booking-pages/format";
import { dayPart, groupByDay, mergeSlots, type DaySlot } from "@/lib/booking-pages/slots";
import type { RepeatChoice } from "@/lib/booking-pages/flow-location";
import type { CustomerStaff } from "@/lib/booking-pages/types";
import type { Wording } from "@/lib/booking-pages/wording";
import { useAvailability } from "./use-availability";
import styles from "./flow.module.css";

export type SlotPickerProps = {
  publishableKey: string;
  serviceId: string;
  businessZone: string;
  customerZone: string | null;
  displayZone: string;
  onDisplayZoneChange: (zone: string) => void;
  locale: string;
  staff: CustomerStaff[];
  allowStaffChoice: boolean;
  staffId: string | null;
  onStaffChange: (staffId: string | null) => void;
  wording: Wording;
  excludeBookingId?: string;
  /** Rescheduling keeps the calendar: only its times are offered and no choice is shown. */
  fixedStaffId?: string;
  selectedStart: string | null;
  onSelect: (slot: DaySlot) => void;
  now: () => number;
  refreshKey: number;
  /** The chosen day (yyyy-MM-dd in the zone shown), kept by the flow so it survives a reload or a taken time. */
  day?: string | null;
  onDayChange?: (day: string | null) => void;
  /** The service's booking window: the month arrows stop at its last day. */
  maxAdvanceDays?: number;
  /**
   * Rescheduling: times starting before this instant (ms) are not offered (the booking's own
   * notice window, which a move must not land in), nor the booking's own start (`currentStart`).
   */
  notBefore?: number;
  currentStart?: string;
  /**
   * Said above the times whenever `notBefore` hides any time of the month shown, so a day left
   * with fewer times, or none, is explained rather than merely empty.
   */
  notBeforeNote?: string;
  /**
   * A class's full sessions are shown as "Full"; choosing one joins its waitlist
   * (docs/series-and-waitlists.md#waitlist). Absent (rescheduling): full sessions are not shown.
   */
  onJoinWaitlist?: (slot: DaySlot) => void;
  /** A series being booked: only starts where every occurrence is free (no waitlist then). */
  repeat?: RepeatChoice | null;
};

const LOOKAHEAD_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;
/** On first load, skip ahead past months with no open times at all (end of month, closed season). */
const AUTO_ADVANCE_MONTHS = 2;

/** Date picker and the chosen day's times, from one availability request per visible month. */
export function SlotPicker(props: SlotPickerProps) {
  const { publishableKey, serviceId, businessZone, customerZone, displayZone, locale, staff, allowStaffChoice, staffId, wording, selectedStart, now } = props;
  const announce = useAnnounce();
  const t = useTranslations("flow.slots");
  const tFlow = useTranslations("flow");
  const zoneCity = useZoneCity();
  const today = todayInZone(new Date(now()), displayZone);
  const initialDay = props.day ?? (selectedStart ? dayInZone(selectedStart, displayZone) : null);
  const [month, setMonth] = useState(() => startOfMonth(initialDay && initialDay >= today ? initialDay : today));
  const [day, setDayState] = useState<string | null>(initialDay);
  const advanced = useRef(0);
  const times = useRef<HTMLElement>(null);
  const tapped = useRef(false);
  const onDayChange = props.onDayChange;
  const setDay = useCallback(
    (next: string | null) => {
      setDayState(next);
      onDayChange?.(next);
    },
    [onDayChange],
  );
  // The last day a start can fall on: now + max_advance_days × 24 h, as a day in the zone shown.
  const lastDay =
    props.maxAdvanceDays === undefined ? addDays(today, LOOKAHEAD_DAYS) : dayInZone(new Date(now() + props.maxAdvanceDays * DAY_MS).toISOString(), displayZone);
  const availability = useAvailability({
    publishableKey,
    serviceId,
    month,
    zone: displayZone,
    excludeBookingId: props.excludeBookingId,
    includeFull: props.onJoinWaitlist !== undefined && !props.repeat,
    repeat: props.repeat,
    refreshKey: props.refreshKey,
  });

  const data = availability.status === "ready" ? availability.data : null;
  const offeredStaff = useMemo(() => {
    const ids = new Set((data ?? []).map((calendar) => calendar.staff_id));
    return staff.filter((member) => ids.has(member.id));
  }, [data, staff]);
  const showStaffChoice = !props.fixedStaffId && allowStaffChoice && (offeredStaff.length > 1 || staffId !== null);
  const filterStaff = props.fixedStaffId ?? (allowStaffChoice ? staffId : null);
  const { notBefore, currentStart } = props;
  const { byDay, isWindowHiding } = useMemo(() => {
    const current = currentStart ? Date.parse(currentStart) : null;
    const open = mergeSlots(data ?? [], filterStaff).filter((slot) => Date.parse(slot.start) !== current);
    const offered = open.filter((slot) => notBefore === undefined || Date.parse(slot.start) >= notBefore);
    return { byDay: groupByDay(offered, displayZone), isWindowHiding: offered.length < open.length };
  }, [data, filterStaff, displayZone, notBefore, currentStart]);
  const availableDays = useMemo(() => (data ? new Set([...byDay.keys()].filter((date) => date >= today)) : null), [data, byDay, today]);

  // Land on the first day with times; skip empty months on first load only.
  useEffect(() => {
    if (!availableDays) return;
    if (day && availableDays.has(day)) return;
    const first = [...availableDays].sort()[0];
    if (first) {
      setDay(first);
      return;
    }
    setDay(null);
    if (advanced.current < AUTO_ADVANCE_MONTHS && nextMonth(month) <= lastDay) {
      advanced.current += 1;
      setMonth(nextMonth(month));
    }
  }, [availableDays, day, month]);

  // After a tap on a date, bring its times into view when they sit below the fold (phones).
  useEffect(() => {
    if (!tapped.current || !day || availability.status !== "ready") return;
    tapped.current = false;
    const section = times.current;
    if (!section || section.getBoundingClientRect().top < window.innerHeight * 0.6) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    section.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
  }, [day, availability.status]);

  const chosenName = staffId ? (staff.find((member) => member.id === staffId)?.name ?? null) : null;
  const daySlots = day ? (byDay.get(day) ?? []) : [];
  useEffect(() => {
    if (day && availability.status === "ready") announce(t("announce", { count: daySlots.length, date: formatLongDate(`${day}T12:00:00`, "utc", locale) }));
  }, [day, availability.status, daySlots.length, announce, locale, t]);

  const groups: SlotGroup[] = (["morning", "afternoon", "evening"] as const)
    .map((part) => ({
      title: t(part),
      slots: daySlots
        .filter((slot) => dayPart(slot.start, displayZone) === part)
        .map((slot) => {
          const fullLabel = t("fullLabel", {
            date: formatLongDate(slot.start, displayZone, locale),
            time: formatTime(slot.start, displayZone, locale),
            zone: zoneCity(displayZone),
          });
          // A group service's time names the spots it has left (docs/group-sessions.md); a full one offers its waitlist.
          const full = slot.seatsLeft === 0;
          const detail = slot.seatsLeft === undefined ? undefined : full ? t("full") : t("spotsLeft", { count: slot.seatsLeft });
          const spoken = full ? `${fullLabel}, ${t("fullJoin")}` : detail ? `${fullLabel}, ${detail}` : fullLabel;
          return { value: slot.start, label: formatTime(slot.start, displayZone, locale), fullLabel: spoken, detail, muted: full };
        }),
    }))
    .filter((group) => group.slots.length > 0);

  function changeMonth(next: string) {
    advanced.current = AUTO_ADVANCE_MONTHS;
    setDay(null);
    setMonth(next);
  }

  return (
    <div className={styles.stack}>
      <ZoneToggle
        businessZone={businessZone}
        customerZone={customerZone}
        showing={displayZone}
        onShow={(zone) => {
          setDay(null);
          props.onDisplayZoneChange(zone);
        }}
      />
      {showStaffChoice && (
        <StaffChoice legend={wording.staff} anyLabel={wording.anyStaff} staff={offeredStaff} value={staffId} onChange={props.onStaffChange} />
      )}
      <div className={styles.pickerLayout}>
        <DatePicker
          month={month}
          selected={day}
          min={today}
          max={lastDay}
          today={today}
          availableDays={availableDays}
          onSelect={(next) => {
            tapped.current = true;
            setDay(next);
          }}
          onMonthChange={changeMonth}
          locale={locale}
        />
        <section ref={times} aria-labelledby="day-times-heading" className={styles.times}>
          <h3 id="day-times-heading" className={styles.dayHeading}>
            {day ? formatLongDate(`${day}T12:00:00`, "utc", locale) : t("available")}
          </h3>
          {availability.status === "ready" && isWindowHiding && props.notBeforeNote && <Notice tone="info">{props.notBeforeNote}</Notice>}
          {availability.status === "loading" && <SkeletonGroup label={t("loading")} rows={3} columns={3} />}
          {availability.status === "error" && (
            <Notice
              tone="error"
              role="alert"
              title={availability.error.title}
              actions={
                availability.error.retry ? (
                  <Button variant="secondary" size="small" onClick={availability.retry}>
                    {tFlow("tryAgain")}
                  </Button>
                ) : undefined
              }
            >
              {availability.error.body}
            </Notice>
          )}
          {availability.status === "ready" && groups.length > 0 && (
            <SlotGrid
              groups={groups}
              selected={selectedStart}
              onSelect={(value) => {
                const chosen = daySlots.find((slot) => slot.start === value)!;
                if (chosen.seatsLeft === 0 && props.onJoinWaitlist) props.onJoinWaitlist(chosen);
                else props.onSelect(chosen);
              }}
              label={t("timesOn", { date: day ? formatLongDate(`${day}T12:00:00`, "utc", locale) : "" })}
            />
          )}
          {availability.status === "ready" && availableDays?.size === 0 && (
            <div className={styles.empty}>
              <p>{chosenName ? t("noneWith", { name: chosenName }) : t("none")}</p>
              {nextMonth(month) <= lastDay ? (
                <Button variant="secondary" size="small" onClick={() => changeMonth(nextMonth(month))}>
                  {t("nextMonth")}
                </Button>
              ) : (
                <p>{t("opensUpTo", { date: formatLongDate(`${lastDay}T12:00:00`, "utc", locale) })}</p>
              )}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
