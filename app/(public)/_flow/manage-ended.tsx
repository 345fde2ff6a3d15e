"use client";

import { useTranslations } from "next-intl";
import { BookingDetails, type DetailRow } from "@/components/booking/booking-details";
import { LinkButton } from "@/components/ui/button";
import type { BadgeTone } from "@/components/ui/card";
import type { PublicBookingRead } from "@/lib/booking-pages/public-booking";
import { bookingStatusLabel, type StatusesTranslator } from "@/lib/booking-pages/status-labels";
import type { ManageTranslator } from "./manage-rows";

/** Where a booking stands for its customer, from its status and the time the page was served. */
export type ManagePhase = "upcoming" | "in_progress" | "past" | "missed" | "lapsed" | "cancelled";

export function managePhase(status: string, booking: Pick<PublicBookingRead["booking"], "starts_at" | "ends_at">, nowMs: number): ManagePhase {
  if (status === "cancelled") return "cancelled";
  if (status === "no_show") return "missed";
  if (status === "expired") return "lapsed";
  if (status === "confirmed" && nowMs >= Date.parse(booking.ends_at)) return "past";
  if (status === "confirmed" && nowMs >= Date.parse(booking.starts_at)) return "in_progress";
  return "upcoming";
}

export function phaseBadge(phase: ManagePhase, status: string, t: ManageTranslator, statuses: StatusesTranslator): { label: string; tone: BadgeTone } {
  if (phase === "past") return { label: t("phase.past"), tone: "neutral" };
  if (phase === "in_progress") return { label: t("phase.inProgress"), tone: "info" };
  return bookingStatusLabel(phase === "cancelled" ? "cancelled" : status, statuses);
}

const WHAT_HAPPENED: Record<Exclude<ManagePhase, "upcoming" | "cancelled">, string> = {
  in_progress: "phase.inProgressBody",
  past: "phase.pastBody",
  missed: "phase.missedBody",
  lapsed: "phase.lapsedBody",
};

/**
 * A booking there is nothing left to do with: what it was, what happened, and the way back to
 * the business's booking page. No "arrive early" note and no change buttons.
 */
export function ManageEnded({ phase, read, rows, bookingPage }: { phase: ManagePhase; read: PublicBookingRead; rows: DetailRow[]; bookingPage: string }) {
  const t = useTranslations("manage");
  if (phase === "upcoming" || phase === "cancelled") return null;
  return (
    <>
      <p>{t(WHAT_HAPPENED[phase], { business: read.workspace.name })}</p>
      <BookingDetails rows={rows} />
      {phase !== "in_progress" && (
        <div>
          <LinkButton href={bookingPage} variant="primary">
            {t("view.bookAgain")}
          </LinkButton>
        </div>
      )}
    </>
  );
}
