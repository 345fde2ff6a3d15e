"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { ServiceList } from "@/components/booking/service-list";
import { Button } from "@/components/ui/button";
import { useAnnounce } from "@/components/ui/live-region";
import { Notice } from "@/components/ui/notice";
import { Stepper } from "@/components/ui/stepper";
import { EMPTY_DETAILS, questionsFor, type DetailsValues } from "@/lib/booking-pages/details";
import { formatDuration, formatMoney, formatShortDate, formatTime, zoneCity } from "@/lib/booking-pages/format";
import type { FriendlyError } from "@/lib/booking-pages/messages";
import type { DaySlot } from "@/lib/booking-pages/slots";
import type { CreatedBooking, CustomerService } from "@/lib/booking-pages/types";
import { wordingFor } from "@/lib/booking-pages/wording";
import { DetailsStep } from "./details-step";
import { DoneStep } from "./done-step";
import type { FlowProps, Step } from "./flow-types";
import { PaymentStep } from "./payment-step";
import { SlotPicker } from "./slot-picker";
import { useHold } from "./use-hold";
import { useServerClock } from "./use-server-clock";
import { useStepFocus } from "./use-step-focus";
import { VerifyStep } from "./verify-step";
import styles from "./flow.module.css";

const STEP_INDEX: Record<Step, number> = { service: 0, time: 1, details: 2, verify: 3, payment: 3, done: 3 };

/**
 * The customer's booking flow, used by /book/{slug} and the /embed/{slug} frame. It talks to
 * the public API with the workspace's pk_ key only. The screen after "book" is decided by the
 * status the API returns (never by require_verification).
 */
export function BookingFlow({ bootstrap, locale, serverNow, stripePublishableKey, devTools, embedded = false, onEvent }: FlowProps) {
  const { workspace, services, staff, categories, questions } = bootstrap;
  const wording = useMemo(() => wordingFor(workspace.vertical), [workspace.vertical]);
  const now = useServerClock(serverNow);
  const announce = useAnnounce();
  const [step, setStep] = useState<Step>("service");
  const [service, setService] = useState<CustomerService | null>(null);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [slot, setSlot] = useState<DaySlot | null>(null);
  const [details, setDetails] = useState<DetailsValues>(EMPTY_DETAILS);
  const [booking, setBooking] = useState<CreatedBooking | null>(null);
  const [holdExpiresAt, setHoldExpiresAt] = useState<string | null>(null);
  const [timeNotice, setTimeNotice] = useState<FriendlyError | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [displayZone, setDisplayZone] = useState(workspace.timezone);
  const [customerZone, setCustomerZone] = useState<string | null>(null);
  const heading = useStepFocus(step);
  const hold = useHold({ token: booking?.access_token ?? null, expiresAt: holdExpiresAt, now, onExpiresAtChange: setHoldExpiresAt });

  // The customer's zone is only known in the browser; read it after hydration.
  useEffect(() => setCustomerZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null), []);

  const summary = useCallback(
    (made: { id: string; status: string; starts_at: string }) => ({ id: made.id, status: made.status, starts_at: made.starts_at }),
    [],
  );

  if (!workspace.publishable_key) {
    return (
      <Notice tone="warning" title="Online booking is not available">
        {workspace.name} isn't taking bookings online at the moment. Please contact them directly.
      </Notice>
    );
  }
  const publishableKey = workspace.publishable_key;

  function chooseService(chosen: CustomerService) {
    if (chosen.id !== service?.id) {
      setSlot(null);
      setStaffId(null);
    }
    setService(chosen);
    setTimeNotice(null);
    setStep("time");
  }

  function chooseSlot(chosen: DaySlot) {
    setSlot(chosen);
    setTimeNotice(null);
    onEvent?.({ type: "slot_selected", data: { starts_at: chosen.start } });
    setStep("details");
  }

  function created(made: CreatedBooking) {
    setBooking(made);
    setHoldExpiresAt(made.hold_expires_at ?? null);
    onEvent?.({ type: "booking_submitted", data: summary(made) });
    if (made.status === "confirmed") return confirmed(made);
    setStep(made.status === "awaiting_payment" ? "payment" : "verify");
  }

  function confirmed(made: CreatedBooking) {
    setHoldExpiresAt(null);
    setBooking({ ...made, status: "confirmed" });
    announce("Your booking is confirmed.");
    onEvent?.({ type: "booking_confirmed", data: summary({ ...made, status: "confirmed" }) });
    setStep("done");
  }

  /** Back to the times after the slot was taken or the hold lapsed; everything typed stays. */
  function restartAtTime(message: FriendlyError | null) {
    setBooking(null);
    setHoldExpiresAt(null);
    setSlot(null);
    setTimeNotice(message);
    setRefreshKey((key) => key + 1);
    setStep("time");
  }

  const stepNames = ["Service", "Time", "Details", step === "payment" ? "Pay" : "Confirm"];

  return (
    <div className={styles.panel}>
      {step !== "done" && <Stepper steps={stepNames} current={STEP_INDEX[step]} label="Booking progress" />}
      {service && (step === "time" || step === "details") && (
        <div className={styles.selection}>
          <span className={styles.selectionText}>
            <strong>{service.name}</strong>
            <span className={styles.muted}>
              {formatDuration(service.duration_minutes, locale)}
              {service.price_cents !== null && ` · ${formatMoney(service.price_cents, workspace.currency, locale)}`}
              {slot &&
                step === "details" &&
                ` · ${formatShortDate(slot.start, displayZone, locale)}, ${formatTime(slot.start, displayZone, locale)} (${zoneCity(displayZone)})`}
            </span>
          </span>
          <Button variant="ghost" size="small" onClick={() => setStep(step === "details" ? "time" : "service")}>
            {step === "details" ? "Change time" : `Change ${wording.service}`}
          </Button>
        </div>
      )}

      {step === "service" && (
        <div className={styles.panel}>
          <h2 ref={heading} tabIndex={-1} className={styles.stepHeading}>
            {wording.chooseService}
          </h2>
          {services.length === 0 ? (
            <p className={styles.muted}>There is nothing to book online right now.</p>
          ) : (
            <ServiceList
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
        </div>
      )}

      {step === "time" && service && (
        <div className={styles.panel}>
          <h2 ref={heading} tabIndex={-1} className={styles.stepHeading}>
            Choose a time
          </h2>
          {timeNotice && (
            <Notice tone="warning" role="alert" title={timeNotice.title}>
              {timeNotice.body}
            </Notice>
          )}
          <SlotPicker
            publishableKey={publishableKey}
            serviceId={service.id}
            businessZone={workspace.timezone}
            customerZone={customerZone}
            displayZone={displayZone}
            onDisplayZoneChange={setDisplayZone}
            locale={locale}
            staff={staff}
            allowStaffChoice={workspace.allow_staff_choice}
            staffId={staffId}
            onStaffChange={setStaffId}
            wording={wording}
            selectedStart={slot?.start ?? null}
            onSelect={chooseSlot}
            now={now}
            refreshKey={refreshKey}
          />
        </div>
      )}

      {step === "details" && service && slot && (
        <DetailsStep
          workspace={{ ...workspace, publishable_key: publishableKey }}
          service={service}
          slot={slot}
          staffId={workspace.allow_staff_choice ? staffId : null}
          questions={questionsFor(questions, service.id)}
          values={details}
          onChange={setDetails}
          onCreated={created}
          onSlotTaken={restartAtTime}
          onBack={() => setStep("time")}
          locale={locale}
          wording={wording}
          now={now}
          headingRef={heading}
        />
      )}

      {step === "verify" && booking && (
        <VerifyStep
          publishableKey={publishableKey}
          bookingId={booking.id}
          email={details.email.trim()}
          hold={hold}
          onConfirmed={() => confirmed(booking)}
          onRestart={() => restartAtTime(null)}
          now={now}
          headingRef={heading}
        />
      )}

      {step === "payment" && booking && (
        <PaymentStep
          workspace={workspace}
          booking={booking}
          stripePublishableKey={stripePublishableKey}
          devTools={devTools}
          hold={hold}
          onConfirmed={() => confirmed(booking)}
          onRestart={() => restartAtTime(null)}
          headingRef={heading}
          locale={locale}
        />
      )}

      {step === "done" && booking && service && (
        <DoneStep
          workspace={workspace}
          service={service}
          staff={staff}
          booking={booking}
          locale={locale}
          customerZone={customerZone}
          wording={wording}
          embedded={embedded}
          now={now}
          headingRef={heading}
        />
      )}
    </div>
  );
}
