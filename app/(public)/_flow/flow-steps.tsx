"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/live-region";
import { Notice } from "@/components/ui/notice";
import { Stepper } from "@/components/ui/stepper";
import { EMPTY_DETAILS, questionsFor, type DetailsValues } from "@/lib/booking-pages/details";
import { dayInZone } from "@/lib/booking-pages/format";
import type { FriendlyError } from "@/lib/booking-pages/messages";
import type { DaySlot } from "@/lib/booking-pages/slots";
import type { CreatedBooking, CustomerService } from "@/lib/booking-pages/types";
import { useWording } from "@/lib/booking-pages/wording";
import { DetailsStep } from "./details-step";
import { DoneStep } from "./done-step";
import { adoptCurrentEntry, writeStep } from "./flow-history";
import { HELD_STEPS, locationForHold, type FlowProps, type Step } from "./flow-types";
import { parseLocation, readSaved, toSearch, writeSaved, type FlowLocation, type SavedHold } from "@/lib/booking-pages/flow-location";
import { PaymentStep } from "./payment-step";
import { SelectionBar } from "./selection-bar";
import { SlotPicker } from "./slot-picker";
import { useFlowSummary } from "./use-flow-summary";
import { useHeldBooking } from "./use-held-booking";
import { useStepFocus } from "./use-step-focus";
import { useSyncedClock } from "./use-synced-clock";
import { ServiceStep, TimeStep } from "./choose-steps";
import { VerifyStep } from "./verify-step";
import { WaitlistStep } from "./waitlist-step";
import styles from "./flow.module.css";

const STEP_INDEX: Record<Step, number> = { service: 0, time: 1, details: 2, waitlist: 2, verify: 3, payment: 3, done: 3 };

export type FlowStepsProps = Omit<FlowProps, "zoneNames"> & { customerZone: string | null };

/** The steps of the booking flow (./booking-flow.tsx), in the zone names BookingFlow provides. */
export function FlowSteps({ customerZone, embedded = false, initialSearch = "", ...props }: FlowStepsProps) {
  const { bootstrap, locale, serverNow, stripePublishableKey, devTools, onEvent } = props;
  const { workspace, services, staff, categories, questions } = bootstrap;
  const wording = useWording(workspace.vertical);
  const t = useTranslations("flow");
  const clock = useSyncedClock(serverNow);
  const now = clock.now;
  const announce = useAnnounce();
  // The address is the truth: read it, not the props, whenever there is one (a remount must not
  // bring back the props of another moment). On the first paint both are the same address.
  const startSearch = typeof window === "undefined" || embedded ? initialSearch : window.location.search;
  const [location, setLocation] = useState<FlowLocation>(() => {
    const parsed = parseLocation(startSearch);
    // A held step needs this tab's saved hold, which only the browser has: resume after mount.
    return HELD_STEPS.has(parsed.step) ? { ...parsed, step: parsed.time ? "details" : "time" } : parsed;
  });
  const [resuming, setResuming] = useState(() => HELD_STEPS.has(parseLocation(startSearch).step));
  const [details, setDetails] = useState<DetailsValues>(EMPTY_DETAILS);
  const [timeNotice, setTimeNotice] = useState<FriendlyError | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [displayZone, setDisplayZone] = useState(workspace.timezone);
  const [focusEmail, setFocusEmail] = useState(false);
  const step = resuming ? "resuming" : location.step;
  const heading = useStepFocus(step);
  const held = useHeldBooking({ slug: workspace.slug, now, onReleased: () => setRefreshKey((key) => key + 1) });
  const locationRef = useRef(location);
  locationRef.current = location;

  const service = services.find((candidate) => candidate.id === location.serviceId) ?? null;
  const slot: DaySlot | null =
    service && location.time
      ? {
          start: location.time,
          end: new Date(Date.parse(location.time) + service.duration_minutes * 60_000).toISOString(),
          staffIds: location.staffId ? [location.staffId] : [],
        }
      : null;

  /** Moves to a step: a new history entry (push) or in place (replace); the embed keeps no URL. */
  const go = useCallback(
    (next: FlowLocation, mode: "push" | "replace" = "push") => {
      setLocation(next);
      if (embedded) return;
      writeStep(`${window.location.pathname}${toSearch(next)}`, mode);
    },
    [embedded],
  );

  // After hydration: what they typed earlier in this tab, and a hold to resume.
  useEffect(() => {
    if (!embedded) adoptCurrentEntry();
    const saved = readSaved(workspace.slug);
    if (saved.details) setDetails(saved.details);
    const parsed = parseLocation(embedded ? "" : window.location.search);
    // The address is the truth: a remount (the router restoring an older tree on Back) may
    // carry the query string of another moment.
    if (!HELD_STEPS.has(parsed.step) && JSON.stringify(parsed) !== JSON.stringify(locationRef.current)) setLocation(parsed);
    // The widget has no address: a hold it made is resumed after a reload of the frame.
    const wanted = embedded ? saved.hold !== undefined && saved.hold.status !== "confirmed" : HELD_STEPS.has(parsed.step);
    // Nothing is offered while a hold is being restored (a hurried click could book its time again).
    if (wanted) setResuming(true);
    void held.resume(saved.hold ?? null, wanted).then((outcome) => {
      setResuming(false);
      if (outcome.kind === "resumed") return go(locationForHold(parsed, outcome.hold), "replace");
      if (outcome.kind === "lapsed") {
        setTimeNotice({ title: t("lapsed.title"), body: t("lapsed.body"), retry: false });
        return go({ ...parsed, step: "time", time: null }, "replace");
      }
      if (HELD_STEPS.has(parsed.step)) go({ ...parsed, step: parsed.time ? "details" : parsed.serviceId ? "time" : "service" }, "replace");
    });
  }, []);

  // Back and Forward: leaving a held step gives the held time back (a confirmed booking stays, for
  // Forward to show again); a held step without a hold falls back to its details.
  useEffect(() => {
    if (embedded) return;
    const onPopState = () => {
      const parsed = parseLocation(window.location.search);
      const hold = held.current();
      if (HELD_STEPS.has(parsed.step)) {
        if (hold) setLocation(locationForHold(parsed, hold));
        else go({ ...parsed, step: parsed.time ? "details" : parsed.serviceId ? "time" : "service" }, "replace");
        return;
      }
      if (hold) void held.release();
      setTimeNotice(null);
      setLocation(parsed);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [embedded, go, held]);

  const changeDetails = useCallback(
    (next: DetailsValues) => {
      setDetails(next);
      writeSaved(workspace.slug, { details: next });
    },
    [workspace.slug],
  );

  // A booking kept from earlier (confirmed, then Back) belongs to its own steps, not to a new choice.
  const hold = HELD_STEPS.has(location.step) ? held.state : null;
  const holdStaff = hold ? (staff.find((member) => member.id === hold.staffId)?.name ?? null) : null;
  const chosenStaff = location.staffId ? (staff.find((member) => member.id === location.staffId)?.name ?? null) : null;
  const repeat = service && service.repeat_max >= 2 && service.payment_mode === "none" ? (location.repeat ?? null) : null;
  const summary = useFlowSummary({
    workspace,
    service,
    hold,
    slot,
    staffName: hold ? holdStaff : chosenStaff,
    repeat,
    customerZone,
    locale,
    wording,
  });

  if (!workspace.publishable_key) {
    return (
      <Notice tone="warning" title={t("unavailable.title")}>
        {t("unavailable.body", { business: workspace.name })}
      </Notice>
    );
  }
  const publishableKey = workspace.publishable_key;

  function chooseService(chosen: CustomerService) {
    const same = chosen.id === location.serviceId;
    setTimeNotice(null);
    go({
      step: "time",
      serviceId: chosen.id,
      day: same ? location.day : null,
      time: null,
      staffId: same ? location.staffId : null,
      repeat: same ? location.repeat : null,
    });
  }

  /** A full class session: its waitlist, with whatever details were typed in this tab. */
  function joinWaitlistFor(chosen: DaySlot) {
    setTimeNotice(null);
    go({ ...location, step: "waitlist", day: dayInZone(chosen.start, displayZone), time: chosen.start });
  }

  function chooseSlot(chosen: DaySlot) {
    setTimeNotice(null);
    onEvent?.({ type: "slot_selected", data: { starts_at: chosen.start } });
    go({ ...location, step: "details", day: dayInZone(chosen.start, displayZone), time: chosen.start });
  }

  async function created(made: CreatedBooking, replayed: boolean): Promise<boolean> {
    clock.sync(made.created_at);
    if (replayed) {
      // The same attempt again: its booking as it is now (paid, confirmed, given back or lapsed).
      const outcome = await held.resume(held.fromCreated(made, location.staffId), true);
      if (outcome.kind !== "resumed") return false;
      go(locationForHold(locationRef.current, outcome.hold), outcome.hold.status === "confirmed" ? "replace" : "push");
      return true;
    }
    const hold = held.hold(made, location.staffId);
    onEvent?.({ type: "booking_submitted", data: { id: made.id, status: made.status, starts_at: made.starts_at } });
    if (made.status === "confirmed") {
      confirmed(hold);
      return true;
    }
    go(locationForHold(location, hold));
    return true;
  }

  function confirmed(hold: SavedHold) {
    held.confirm();
    announce(t("confirmedAnnouncement"));
    onEvent?.({ type: "booking_confirmed", data: { id: hold.bookingId, status: "confirmed", starts_at: hold.startsAt } });
    go(locationForHold(locationRef.current, { ...hold, status: "confirmed" }), "replace");
  }

  /** Back to the chosen day's times after the slot was taken or the hold lapsed; everything typed stays. */
  function restartAtTime(message: FriendlyError | null) {
    held.forget();
    setTimeNotice(message);
    setRefreshKey((key) => key + 1);
    go({ ...location, step: "time", time: null }, "replace");
  }

  /** "Change time" on the code and pay steps: give the held time back first, then show the same day. */
  async function changeTime() {
    await held.release();
    setTimeNotice(null);
    go({ ...location, step: "time", time: null }, "replace");
  }

  /** "Use another email": give the held time back, then the details with everything kept. */
  async function useAnotherEmail() {
    await held.release();
    setFocusEmail(true);
    go({ ...location, step: "details" }, "replace");
  }

  const stepNames = [t("steps.service"), t("steps.time"), t("steps.details"), step === "payment" ? t("steps.pay") : t("steps.confirm")];

  if (step === "resuming") {
    return (
      <div className={styles.panel}>
        <h2 ref={heading} tabIndex={-1} className={styles.stepHeading}>
          {t("resuming")}
        </h2>
      </div>
    );
  }

  return (
    <div className={styles.panel} data-flow-step={step}>
      {step !== "done" && <Stepper steps={stepNames} current={STEP_INDEX[step]} label={t("steps.progress")} />}
      {service && (step === "time" || step === "details" || step === "waitlist") && (
        <SelectionBar
          service={service}
          currency={workspace.currency}
          vertical={workspace.vertical}
          isDetails={step === "details" || step === "waitlist"}
          slotStart={slot?.start ?? null}
          displayZone={displayZone}
          locale={locale}
          onChange={() => go(step === "time" ? { ...location, step: "service", time: null } : { ...location, step: "time", time: null })}
        />
      )}

      {step === "service" && (
        <ServiceStep
          headingRef={heading}
          services={services}
          categories={categories}
          currency={workspace.currency}
          locale={locale}
          refundPolicy={workspace.refund_policy}
          wording={wording}
          selectedId={service?.id ?? null}
          onChoose={chooseService}
        />
      )}

      {step === "time" && service && (
        <TimeStep
          headingRef={heading}
          notice={timeNotice}
          repeat={
            service.repeat_max >= 2 && service.payment_mode === "none"
              ? { max: service.repeat_max, value: repeat, onChange: (next) => go({ ...location, repeat: next, time: null }, "replace") }
              : null
          }
        >
          <SlotPicker
            key={`${service.id}|${refreshKey}`}
            publishableKey={publishableKey}
            serviceId={service.id}
            businessZone={workspace.timezone}
            customerZone={customerZone}
            displayZone={displayZone}
            onDisplayZoneChange={setDisplayZone}
            locale={locale}
            staff={staff}
            allowStaffChoice={workspace.allow_staff_choice}
            staffId={location.staffId}
            onStaffChange={(staffId) => go({ ...location, staffId }, "replace")}
            wording={wording}
            selectedStart={slot?.start ?? null}
            onSelect={chooseSlot}
            onJoinWaitlist={service.capacity > 1 ? joinWaitlistFor : undefined}
            repeat={repeat}
            now={now}
            refreshKey={refreshKey}
            day={location.day}
            onDayChange={(day) => go({ ...locationRef.current, day }, "replace")}
            maxAdvanceDays={service.max_advance_days}
          />
        </TimeStep>
      )}

      {step === "waitlist" && service && slot && (
        <WaitlistStep
          workspace={{ ...workspace, publishable_key: publishableKey }}
          service={service}
          slot={slot}
          staffId={workspace.allow_staff_choice ? location.staffId : null}
          values={details}
          onChange={changeDetails}
          onBack={() => go({ ...location, step: "time", time: null })}
          onSeatFree={() => go({ ...location, step: "details" }, "replace")}
          headingRef={heading}
          summary={summary(false)}
        />
      )}

      {step === "details" && service && slot && (
        <DetailsStep
          workspace={{ ...workspace, publishable_key: publishableKey }}
          service={service}
          slot={slot}
          staffId={workspace.allow_staff_choice ? location.staffId : null}
          repeat={repeat}
          questions={questionsFor(questions, service.id)}
          values={details}
          onChange={changeDetails}
          onCreated={created}
          onSlotTaken={restartAtTime}
          onBack={() => go({ ...location, step: "time", time: null })}
          locale={locale}
          wording={wording}
          now={now}
          headingRef={heading}
          summary={summary(false)}
          focusEmail={focusEmail}
          onEmailFocused={() => setFocusEmail(false)}
        />
      )}

      {step === "verify" && hold && (
        <VerifyStep
          publishableKey={publishableKey}
          bookingId={hold.bookingId}
          email={details.email.trim()}
          hold={held.timer}
          onConfirmed={() => confirmed(hold)}
          onRestart={() => restartAtTime(null)}
          onChangeTime={() => void changeTime()}
          onChangeEmail={() => void useAnotherEmail()}
          now={now}
          headingRef={heading}
          summary={summary(false)}
        />
      )}

      {step === "payment" && hold && (
        <PaymentStep
          workspace={workspace}
          bookingId={hold.bookingId}
          token={hold.token}
          initialPayment={held.payment}
          stripePublishableKey={stripePublishableKey}
          devTools={devTools}
          hold={held.timer}
          onConfirmed={() => confirmed(hold)}
          onRestart={() => restartAtTime(null)}
          onChangeTime={() => void changeTime()}
          headingRef={heading}
          locale={locale}
          summary={summary(false)}
        />
      )}

      {step === "done" && hold && service && (
        <DoneStep
          workspace={workspace}
          service={service}
          booking={{ id: hold.bookingId, starts_at: hold.startsAt, ends_at: hold.endsAt, staff_id: hold.staffId, access_token: hold.token }}
          occurrences={hold.series?.bookings}
          staffName={holdStaff}
          embedded={embedded}
          now={now}
          headingRef={heading}
          summary={summary(true)}
        />
      )}
    </div>
  );
}
