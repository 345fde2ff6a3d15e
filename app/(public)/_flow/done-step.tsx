"use client";

import { useTranslations } from "next-intl";
import { useMemo, type RefObject } from "react";
import { BusinessContact } from "@/components/booking/business-contact";
import { Confirmation } from "@/components/booking/confirmation";
import { buildCalendar, googleCalendarUrl, type CalendarEvent } from "@/lib/calendar/ics";
import type { SummaryRow } from "@/lib/booking-pages/summary";
import type { BootstrapWorkspace, CustomerService } from "@/lib/booking-pages/types";

export type ConfirmedBooking = { id: string; starts_at: string; ends_at: string; staff_id: string; access_token?: string };

type DoneStepProps = {
  workspace: BootstrapWorkspace;
  service: CustomerService;
  staffName: string | null;
  booking: ConfirmedBooking;
  embedded: boolean;
  now: () => number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** What was booked, what was paid and what is left to pay. */
  summary: SummaryRow[];
  /** A series: every occurrence, first to last (the calendar file carries one event each). */
  occurrences?: { id: string; starts_at: string }[];
};

/** confirmed → what was booked, the business's note and contact, add-to-calendar and the manage link. */
export function DoneStep({ workspace, service, staffName, booking, embedded, now, headingRef, summary, occurrences }: DoneStepProps) {
  const t = useTranslations("flow.done");
  const tRepeat = useTranslations("flow.repeat");
  const isSeries = occurrences !== undefined && occurrences.length > 1;
  const manageHref = booking.access_token ? `${window.location.origin}/manage/${encodeURIComponent(booking.access_token)}` : "";

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
      description: [staffName ? t("calendarWith", { name: staffName }) : null, manageHref ? t("calendarManage", { url: manageHref }) : null]
        .filter(Boolean)
        .join("\n"),
      location: workspace.address ?? workspace.maps_url,
      url: manageHref || null,
      organizer: workspace.contact_email ? { name: workspace.name, email: workspace.contact_email } : null,
    }),
    [booking, service, workspace, staffName, manageHref, now, t],
  );
  // A series: one event per occurrence, each under its own booking's id (the UID the feed uses too).
  const events = useMemo(
    () =>
      isSeries
        ? occurrences.map((occurrence, index) => ({
            ...event,
            uid: occurrence.id,
            startsAt: new Date(occurrence.starts_at),
            endsAt: new Date(Date.parse(occurrence.starts_at) + service.duration_minutes * 60_000),
            // Only the first occurrence's manage link is this page's; each has its own, in its email.
            ...(index === 0 ? {} : { description: staffName ? t("calendarWith", { name: staffName }) : "", url: null }),
          }))
        : [event],
    [event, isSeries, occurrences, service.duration_minutes, staffName, t],
  );
  const icsHref = useMemo(() => `data:text/calendar;charset=utf-8,${encodeURIComponent(buildCalendar({ events }))}`, [events]);

  return (
    <Confirmation
      ref={headingRef}
      title={t("title", { business: workspace.name })}
      rows={summary}
      confirmationNote={workspace.confirmation_note}
      businessName={workspace.name}
      icsHref={icsHref}
      icsFileName={`${workspace.slug}-${booking.starts_at.slice(0, 10)}.ics`}
      googleHref={googleCalendarUrl(event)}
      manageHref={manageHref}
      openManageInNewTab={embedded}
      contact={<BusinessContact workspace={workspace} headingLevel={3} />}
      lead={isSeries ? tRepeat("seriesBooked", { count: occurrences.length }) : undefined}
    />
  );
}
