"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { StaffChoice } from "@/components/booking/staff-choice";
import { ZoneToggle } from "@/components/booking/zone-toggle";
import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { useAnnounce } from "@/components/ui/live-region";
import { Notice } from "@/components/ui/notice";
import { SkeletonGroup } from "@/components/ui/skeleton";
import { SlotGrid, type SlotGroup } from "@/components/ui/slot-grid";
import { addDays, dayInZone, formatLongDate, formatTime, nextMonth, startOfMonth, todayInZone, zoneCity } from "@/lib/booking-pages/format";
import { dayPart, groupByDay, mergeSlots, type DaySlot } from "@/lib/booking-pages/slots";
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
};

const PART_TITLES = { morning: "Morning", afternoon: "Afternoon", evening: "Evening" } as const;
const LOOKAHEAD_DAYS = 366;
/** On first load, skip ahead past months with no open times at all (end of month, closed season). */
const AUTO_ADVANCE_MONTHS = 2;

/** Date picker and the chosen day's times, from one availability request per visible month. */
export function SlotPicker(props: SlotPickerProps) {
  const { publishableKey, serviceId, businessZone, customerZone, displayZone, locale, staff, allowStaffChoice, staffId, wording, selectedStart, now } = props;
  const announce = useAnnounce();
  const today = todayInZone(new Date(now()), displayZone);
  const [month, setMonth] = useState(() => startOfMonth(selectedStart ? dayInZone(selectedStart, displayZone) : today));
  const [day, setDay] = useState<string | null>(() => (selectedStart ? dayInZone(selectedStart, displayZone) : null));
  const advanced = useRef(0);
  const availability = useAvailability({
    publishableKey,
    serviceId,
    month,
    zone: displayZone,
    excludeBookingId: props.excludeBookingId,
    refreshKey: props.refreshKey,
  });

  const data = availability.status === "ready" ? availability.data : null;
  const offeredStaff = useMemo(() => {
    const ids = new Set((data ?? []).map((calendar) => calendar.staff_id));
    return staff.filter((member) => ids.has(member.id));
  }, [data, staff]);
  const showStaffChoice = !props.fixedStaffId && allowStaffChoice && (offeredStaff.length > 1 || staffId !== null);
  const filterStaff = props.fixedStaffId ?? (allowStaffChoice ? staffId : null);
  const byDay = useMemo(() => groupByDay(mergeSlots(data ?? [], filterStaff), displayZone), [data, filterStaff, displayZone]);
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
    if (advanced.current < AUTO_ADVANCE_MONTHS) {
      advanced.current += 1;
      setMonth(nextMonth(month));
    }
  }, [availableDays, day, month]);

  const daySlots = day ? (byDay.get(day) ?? []) : [];
  useEffect(() => {
    if (day && availability.status === "ready")
      announce(`${daySlots.length} ${daySlots.length === 1 ? "time" : "times"} available on ${formatLongDate(`${day}T12:00:00`, "utc", locale)}`);
  }, [day, availability.status, daySlots.length, announce, locale]);

  const groups: SlotGroup[] = (["morning", "afternoon", "evening"] as const)
    .map((part) => ({
      title: PART_TITLES[part],
      slots: daySlots
        .filter((slot) => dayPart(slot.start, displayZone) === part)
        .map((slot) => ({
          value: slot.start,
          label: formatTime(slot.start, displayZone, locale),
          fullLabel: `${formatLongDate(slot.start, displayZone, locale)}, ${formatTime(slot.start, displayZone, locale)} ${zoneCity(displayZone)} time`,
        })),
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
          max={addDays(today, LOOKAHEAD_DAYS)}
          today={today}
          availableDays={availableDays}
          onSelect={setDay}
          onMonthChange={changeMonth}
          locale={locale}
          labels={{
            previousMonth: "Previous month",
            nextMonth: "Next month",
            available: "times available",
            unavailable: "no times",
            selected: "selected",
            today: "today",
          }}
        />
        <section aria-labelledby="day-times-heading">
          <h3 id="day-times-heading" className={styles.dayHeading}>
            {day ? formatLongDate(`${day}T12:00:00`, "utc", locale) : "Available times"}
          </h3>
          {availability.status === "loading" && <SkeletonGroup label="Loading available times" rows={3} columns={3} />}
          {availability.status === "error" && (
            <Notice
              tone="error"
              role="alert"
              title={availability.error.title}
              actions={
                availability.error.retry ? (
                  <Button variant="secondary" size="small" onClick={availability.retry}>
                    Try again
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
              onSelect={(value) => props.onSelect(daySlots.find((slot) => slot.start === value)!)}
              label={`Times on ${day ? formatLongDate(`${day}T12:00:00`, "utc", locale) : ""}`}
            />
          )}
          {availability.status === "ready" && availableDays?.size === 0 && (
            <div className={styles.empty}>
              <p>No open times this month{staffId ? ` for this ${wording.staff.toLowerCase()}` : ""}.</p>
              <Button variant="secondary" size="small" onClick={() => changeMonth(nextMonth(month))}>
                Show next month
              </Button>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
