"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type RefObject } from "react";
import { DetailsForm } from "@/components/booking/details-form";
import { safeHref } from "@/components/booking/business-header";
import { paymentLine } from "@/components/booking/service-list";
import { Notice } from "@/components/ui/notice";
import { BookingSummary } from "@/components/booking/booking-summary";
import { CODE_LENGTH } from "@/components/booking/code-entry";
import { attemptIdentity, defaultPhoneCountry, toCreateBody, type DetailsValues } from "@/lib/booking-pages/details";
import type { SummaryRow } from "@/lib/booking-pages/summary";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import { readSaved, writeSaved, type RepeatChoice, type SavedAttempt } from "@/lib/booking-pages/flow-location";
import { createBooking } from "@/lib/booking-pages/public-api";
import type { DaySlot } from "@/lib/booking-pages/slots";
import type { BootstrapWorkspace, CreateBookingRequest, CreatedBooking, CustomerService, Question } from "@/lib/booking-pages/types";
import type { Wording } from "@/lib/booking-pages/wording";
import { formatNotice } from "./manage-rows";
import { useDetailsErrors } from "./use-details-errors";
import { useRetryCountdown } from "./use-retry-countdown";
import styles from "./flow.module.css";

type DetailsStepProps = {
  workspace: BootstrapWorkspace & { publishable_key: string };
  service: CustomerService;
  slot: DaySlot;
  staffId: string | null;
  /** A series: every occurrence booked at once, all or nothing. */
  repeat?: RepeatChoice | null;
  questions: Question[];
  values: DetailsValues;
  onChange: (values: DetailsValues) => void;
  /**
   * The booking the create answered with. `replayed`: the same attempt was sent before, so the
   * answer is that attempt's booking as it was made; the flow reads it again and shows its step
   * now. Resolves false when that booking has ended meanwhile (given back, lapsed).
   */
  onCreated: (booking: CreatedBooking, replayed: boolean) => Promise<boolean>;
  onSlotTaken: (message: FriendlyError) => void;
  onBack: () => void;
  locale: string;
  wording: Wording;
  now: () => number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  summary: SummaryRow[];
  /** After "Use another email": put the cursor in the email field. */
  focusEmail?: boolean;
  onEmailFocused?: () => void;
};

/**
 * The booking attempt (docs/booking-flow.md#attempts): the same body is sent again with the same
 * Idempotency-Key, so a lost answer, a reload, a hurried click or Back then the same details
 * replay the booking it made instead of booking twice or meeting its own hold as a 409; the
 * attempt stays in this tab's storage while its booking may be live.
 */
type Attempt = SavedAttempt;

export function DetailsStep(props: DetailsStepProps) {
  const { workspace, service, slot, staffId, questions, values, locale, wording } = props;
  const phoneDefault = defaultPhoneCountry(workspace.contact_phone, locale);
  const t = useTranslations("flow.details");
  const tFlow = useTranslations("flow");
  const tErrors = useTranslations("errors");
  const tServiceList = useTranslations("booking.serviceList");
  const language = useLocale();
  const { errors, change, validate, refuseField, focusAfterCommit } = useDetailsErrors(values, props.onChange);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<FriendlyError | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const slug = workspace.slug;
  const keepAttempt = (next: Attempt | null) => {
    attempt.current = next;
    writeSaved(slug, { attempt: next ?? undefined });
  };
  const zoneRefused = useRef(false);
  const errorBox = useRef<HTMLDivElement>(null);
  const waitSeconds = useRetryCountdown(failure?.waitForNextMinute === true, props.now);
  // Move focus to a failure once it is on screen (an animation frame can run before React commits it).
  useEffect(() => {
    if (failure) errorBox.current?.focus();
  }, [failure]);
  const { focusEmail, onEmailFocused } = props;
  useEffect(() => {
    if (!focusEmail) return;
    onEmailFocused?.();
    focusAfterCommit(() => document.querySelector<HTMLElement>("input[name='email']"));
  }, [focusEmail, onEmailFocused, focusAfterCommit]);

  async function submit() {
    // The country the picker shows is the one the number is read in, chosen or not.
    const values = { ...props.values, phoneCountry: props.values.phoneCountry || phoneDefault };
    if (!validate(values, questions)) {
      setFailure(null);
      return;
    }
    const body = toCreateBody({
      service,
      staffId,
      startsAt: slot.start,
      values,
      questions,
      customerZone: browserZone(zoneRefused.current),
      language,
      customerLocale: navigator.language,
      repeat: props.repeat,
    });
    const serialized = JSON.stringify(body);
    const saved = attempt.current ?? readSaved(slug).attempt ?? null;
    const repeat = saved !== null && attemptIdentity(JSON.parse(saved.body) as CreateBookingRequest) === attemptIdentity(body);
    // The same attempt goes out as it first went (same key, same body), whatever the page's language now.
    const sending: Attempt = repeat ? saved : { key: crypto.randomUUID(), body: serialized };
    keepAttempt(sending);
    setSubmitting(true);
    setFailure(null);
    const result = await createBooking(workspace.publishable_key, JSON.parse(sending.body) as CreateBookingRequest, sending.key);
    if (result.ok) {
      keepAttempt({ ...sending, bookingId: result.data.id });
      const shown = await props.onCreated(result.data, repeat);
      setSubmitting(false);
      if (shown) return;
      // The booking this attempt made has ended (given back, lapsed): the same details are a new attempt.
      keepAttempt(null);
      return submit();
    }
    setSubmitting(false);
    const { error } = result;
    const friendly = describeError(error, "booking", tErrors);
    if (error.kind === "http" && (error.type === "slot_unavailable" || error.type === "outside_working_hours")) {
      // Never this attempt's own hold (its key would have replayed it): the time went to someone or something else.
      keepAttempt(null);
      props.onSlotTaken(friendly);
      return;
    }
    if (error.kind === "http" && error.type === "validation_failed" && error.param === "customer.timezone" && !zoneRefused.current) {
      // A zone this browser knows but the server does not must never cost the booking: send it without.
      zoneRefused.current = true;
      keepAttempt(null);
      return submit();
    }
    if (error.kind === "http" && error.type === "validation_failed" && refuseField(error.param, body)) return;
    // Only a failure that stored nothing may be retried with the same key.
    if (!friendly.retry) keepAttempt(null);
    setFailure(friendly);
  }

  const payment = paymentLine(service, workspace.currency, locale, tServiceList);
  const submitLabel = payment ? t("continueToPayment") : workspace.require_verification ? t("continue") : wording.bookAction;
  const waiting = waitSeconds > 0;
  const termsHref = safeHref(workspace.terms_url);
  // docs/decisions.md#bookings: a time already inside the service's notice window can never be
  // cancelled or moved online once booked; say so before the customer books or pays.
  const notice = service.min_cancel_notice_minutes;
  const insideNotice = notice > 0 && Date.parse(slot.start) - notice * 60_000 <= props.now();

  return (
    <div className={styles.panel}>
      <h2 ref={props.headingRef} tabIndex={-1} className={styles.stepHeading}>
        {t("heading")}
      </h2>
      <BookingSummary rows={props.summary} />
      <DetailsForm
        locale={locale}
        defaultPhoneCountry={phoneDefault}
        values={values}
        errors={errors}
        questions={questions}
        onChange={change}
        onSubmit={() => void submit()}
        onBack={props.onBack}
        submitting={submitting || waiting}
        submitLabel={waiting ? t("tryAgainIn", { seconds: waitSeconds }) : failure?.retry ? tFlow("tryAgain") : submitLabel}
        formError={
          failure && (
            <Notice ref={errorBox} tone="error" role="alert" title={failure.title}>
              {failure.body}
            </Notice>
          )
        }
        notes={
          <>
            {insideNotice && (
              <Notice tone="warning" title={t("insideNoticeTitle")}>
                <p>
                  {t("insideNoticeBody", { notice: formatNotice(notice, locale), business: workspace.name })}
                  {payment && <> {t("insideNoticePayment")}</>}
                </p>
              </Notice>
            )}
            {workspace.booking_policy && (
              <Notice tone="info" title={t("policyTitle", { business: workspace.name })}>
                <p className={styles.policy} dir="auto">
                  {workspace.booking_policy}
                </p>
              </Notice>
            )}
            {workspace.require_verification && !payment && <p className={styles.muted}>{t("codeNote", { length: CODE_LENGTH })}</p>}
            {payment && (
              <Notice tone="info" title={payment}>
                {workspace.refund_policy ? (
                  <>
                    <p>{t("refundPolicy")}</p>
                    <p className={styles.policy} dir="auto">
                      {workspace.refund_policy}
                    </p>
                  </>
                ) : (
                  <p>{t("payNext")}</p>
                )}
              </Notice>
            )}
            {termsHref && (
              <p className={styles.muted}>
                {t.rich("terms", {
                  business: workspace.name,
                  link: (chunks) => (
                    <a href={termsHref} target="_blank" rel="noopener noreferrer">
                      {chunks}
                      <span className="visually-hidden"> {tFlow("newTab")}</span>
                    </a>
                  ),
                })}
              </p>
            )}
          </>
        }
      />
    </div>
  );
}

/** The browser's IANA zone, unless the server refused it once already. */
function browserZone(refused: boolean): string | null {
  if (refused) return null;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
}
