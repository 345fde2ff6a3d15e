"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { HOLD_CODE_TTL_MINUTES, HOLD_PAYMENT_TTL_MINUTES } from "@/lib/bookings/holds";
import { cancelBooking, readBooking } from "@/lib/booking-pages/public-api";
import type { CreatedBooking } from "@/lib/booking-pages/types";
import { readSaved, writeSaved, type SavedHold } from "@/lib/booking-pages/flow-location";
import { useHold, type Hold } from "./use-hold";

type PaymentIntent = NonNullable<CreatedBooking["payment"]>;
export type ResumeOutcome = { kind: "none" } | { kind: "lapsed" } | { kind: "resumed"; hold: SavedHold };

const WINDOW_SECONDS = { pending: HOLD_CODE_TTL_MINUTES * 60, awaiting_payment: HOLD_PAYMENT_TTL_MINUTES * 60 } as const;

/**
 * The booking this tab holds: kept in sessionStorage so a reload resumes it (through the
 * public booking read, which also gives the payment's client secret back while it is
 * `requires_payment`), and given back (customer cancel by token) when the customer steps
 * away from it, so their own hold never blocks the time they come back to choose.
 */
export function useHeldBooking({ slug, now, onReleased }: { slug: string; now: () => number; onReleased: () => void }) {
  const [state, setState] = useState<SavedHold | null>(null);
  const [payment, setPayment] = useState<PaymentIntent | undefined>();
  const ref = useRef<SavedHold | null>(null);

  const set = useCallback(
    (hold: SavedHold | null) => {
      const dropped = ref.current ?? readSaved(slug).hold;
      ref.current = hold;
      setState(hold);
      writeSaved(slug, { hold: hold ?? undefined });
      // The attempt that made a hold given back or lapsed is over: the same details again are a
      // new attempt (a new booking), never a replay of one that has ended. A confirmed booking
      // keeps its attempt (Back, then the same details, shows it again).
      if (!hold && dropped && dropped.status !== "confirmed" && readSaved(slug).attempt?.bookingId === dropped.bookingId) {
        writeSaved(slug, { attempt: undefined });
      }
    },
    [slug],
  );

  const onExpiresAtChange = useCallback((iso: string) => ref.current && set({ ...ref.current, holdExpiresAt: iso }), [set]);
  const status = state?.status;
  const timer: Hold = useHold({
    token: state?.token ?? null,
    expiresAt: status === "confirmed" ? null : (state?.holdExpiresAt ?? null),
    windowSeconds: status === "pending" || status === "awaiting_payment" ? WINDOW_SECONDS[status] : null,
    now,
    onExpiresAtChange,
  });

  const hold = useCallback(
    (made: CreatedBooking, chosenStaffId: string | null): SavedHold => {
      const next = fromCreated(made, chosenStaffId);
      setPayment(made.payment);
      set(next);
      return next;
    },
    [set],
  );

  const confirm = useCallback(() => ref.current && set({ ...ref.current, status: "confirmed", holdExpiresAt: null }), [set]);
  const forget = useCallback(() => set(null), [set]);

  /** Gives a live hold back; a confirmed booking is kept (Forward shows its confirmation again). */
  const release = useCallback(async () => {
    const current = ref.current;
    if (!current || current.status === "confirmed") return;
    set(null);
    setPayment(undefined);
    await cancelBooking(current.token);
    onReleased();
  }, [set, onReleased]);

  const resume = useCallback(
    async (saved: SavedHold | null, wanted: boolean): Promise<ResumeOutcome> => {
      if (!saved) return { kind: "none" };
      // A booking confirmed in this tab is kept as it is, at once (Forward may come before any read).
      if (!wanted && saved.status === "confirmed") {
        set(saved);
        return { kind: "none" };
      }
      const read = await readBooking(saved.token);
      const booking = read.ok ? read.data.booking : null;
      const live = booking?.status === "pending" || booking?.status === "awaiting_payment";
      if (!wanted) {
        // The customer left the held step (a new visit to the page): give the time back.
        set(null);
        if (live) await cancelBooking(saved.token);
        return { kind: "none" };
      }
      if (booking && live) {
        const expiresAt = booking.hold_expires_at ?? booking.payment?.hold_expires_at;
        if (!expiresAt) {
          set(null);
          return { kind: "lapsed" };
        }
        const resumed: SavedHold = { ...saved, status: booking.status as SavedHold["status"], holdExpiresAt: expiresAt };
        const state = booking.payment;
        if (state?.client_secret && state.connected_account_id) {
          setPayment({
            client_secret: state.client_secret,
            connected_account_id: state.connected_account_id,
            amount_cents: state.amount_cents,
            currency: state.currency,
          });
        }
        set(resumed);
        return { kind: "resumed", hold: resumed };
      }
      if (booking?.status === "confirmed") {
        const done: SavedHold = { ...saved, status: "confirmed", holdExpiresAt: null };
        set(done);
        return { kind: "resumed", hold: done };
      }
      set(null);
      return { kind: "lapsed" };
    },
    [set],
  );

  const current = useCallback(() => ref.current, []);

  return useMemo(
    () => ({ state, payment, timer, hold, fromCreated, confirm, forget, release, resume, current }),
    [state, payment, timer, hold, confirm, forget, release, resume, current],
  );
}

/** What this tab keeps of a booking the create answered with. */
function fromCreated(made: CreatedBooking, chosenStaffId: string | null): SavedHold {
  return {
    bookingId: made.id,
    token: made.access_token ?? "",
    status: made.status === "pending" || made.status === "awaiting_payment" ? made.status : "confirmed",
    serviceId: made.service_id,
    staffId: made.staff_id ?? chosenStaffId ?? "",
    startsAt: made.starts_at,
    endsAt: made.ends_at,
    holdExpiresAt: made.hold_expires_at ?? null,
    ...(made.series ? { series: { id: made.series.id, bookings: made.series.bookings.map(({ id, starts_at }) => ({ id, starts_at })) } } : {}),
  };
}
