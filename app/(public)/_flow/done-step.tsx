"use client";

import { useMemo, type RefObject } from "react";
import { Confirmation } from "@/components/booking/confirmation";
import type { DetailRow } from "@/components/booking/booking-details";
import { buildCalendar, googleCalendarUrl, type CalendarEvent } from "@/lib/calendar/ics";
import { formatDuration, formatMoney, formatRange, zoneCity } from "@/lib/booking-pages/format";
import type { BootstrapWorkspace, CustomerService, CustomerStaff } from "@/lib/booking-pages/types";
import type { Wording } from "@/lib/booking-pages/wording";

export type ConfirmedBooking = { id: string; starts_at: string; ends_at: string; staff_id: string; access_token?: string };

type DoneStepProps = {
  workspace: BootstrapWorkspace;
  service: CustomerService;
  staff: CustomerStaff[];
  booking: ConfirmedBooking;
  locale: string;
  customerZone: string | null;
  wording: Wording;
  embedded: boolean;
  now: () => number;
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/** confirmed → what was booked, the business's note, add-to-calendar and the manage link. */
export function DoneStep({ workspace, service, staff, booking, locale, customerZone, wording, embedded, now, headingRef }: DoneStepProps) {
  const manageHref = booking.access_token ? `${window.location.origin}/manage/${encodeURIComponent(booking.access_token)}` : "";
  const staffMember = staff.find((member) => member.id === booking.staff_id);
  const zone = workspace.timezone;

  const rows: DetailRow[] = [
    { label: capitalize(wording.service), value: `${service.name} (${formatDuration(service.duration_minutes, locale)})` },
    { label: "When", value: `${formatRange(booking.starts_at, booking.ends_at, zone, locale)} (${zoneCity(zone)} time)` },
  ];
  if (customerZone && customerZone !== zone) {
    rows.push({ label: "Your time", value: `${formatRange(booking.starts_at, booking.ends_at, customerZone, locale)} (${zoneCity(customerZone)} time)` });
  }
  if (staffMember) rows.push({ label: wording.staff, value: staffMember.name });
  if (service.price_cents !== null) rows.push({ label: "Price", value: formatMoney(service.price_cents, workspace.currency, locale) });

  // The same event as the confirmation email's attachment (UID = booking id, SEQUENCE 0: a new
  // booking's), so a calendar that gets both keeps one entry and a later change replaces it.
  const event: CalendarEvent = useMemo(
    () => ({
      uid: booking.id,
      sequence: 0,
      startsAt: new Date(booking.starts_at),
      endsAt: new Date(booking.ends_at),
      stampedAt: new Date(now()),
      summary: `${service.name} – ${workspace.name}`,
      description: [staffMember ? `With ${staffMember.name}` : null, manageHref ? `Change or cancel: ${manageHref}` : null].filter(Boolean).join("\n"),
      location: workspace.maps_url,
      url: manageHref || null,
      organizer: workspace.contact_email ? { name: workspace.name, email: workspace.contact_email } : null,
    }),
    [booking, service, workspace, staffMember, manageHref, now],
  );
  const icsHref = useMemo(() => `data:text/calendar;charset=utf-8,${encodeURIComponent(buildCalendar({ events: [event] }))}`, [event]);

  return (
    <Confirmation
      ref={headingRef}
      title={`You're booked with ${workspace.name}`}
      rows={rows}
      confirmationNote={workspace.confirmation_note}
      businessName={workspace.name}
      icsHref={icsHref}
      icsFileName={`${workspace.slug}-${booking.starts_at.slice(0, 10)}.ics`}
      googleHref={googleCalendarUrl(event)}
      manageHref={manageHref}
      openManageInNewTab={embedded}
    />
  );
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
