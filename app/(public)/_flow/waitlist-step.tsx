"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type RefObject } from "react";
import { BookingSummary } from "@/components/booking/booking-summary";
import { DetailsForm } from "@/components/booking/details-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { defaultPhoneCountry, toCreateBody, type DetailsValues } from "@/lib/booking-pages/details";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import { joinWaitlist } from "@/lib/booking-pages/public-api";
import type { DaySlot } from "@/lib/booking-pages/slots";
import type { SummaryRow } from "@/lib/booking-pages/summary";
import type { BootstrapWorkspace, CustomerService, WaitlistEntry } from "@/lib/booking-pages/types";
import { useDetailsErrors } from "./use-details-errors";
import styles from "./flow.module.css";

/** How long an offered seat is held (docs/series-and-waitlists.md#waitlist), as the email will say. */
const OFFER_HOLD_MINUTES = 30;

type WaitlistStepProps = {
  workspace: BootstrapWorkspace & { publishable_key: string };
  service: CustomerService;
  slot: DaySlot;
  staffId: string | null;
  values: DetailsValues;
  onChange: (values: DetailsValues) => void;
  /** Back to the day's times (also "Choose another time" once in line). */
  onBack: () => void;
  /** The session has a free seat again: book it with the usual details step. */
  onSeatFree: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  summary: SummaryRow[];
};

type Joined = { entry: WaitlistEntry; email: string } | { already: string };

/**
 * A full class session's waitlist on the booking page (docs/series-and-waitlists.md#waitlist):
 * the customer's name and email (and phone for texts), sent to `POST /v1/waitlist` with the
 * page's publishable key, exactly as an integrator would. The answer's place in line is shown; the
 * offer itself comes by email when a seat frees.
 */
export function WaitlistStep(props: WaitlistStepProps) {
  const { workspace, service, slot, staffId, values } = props;
  const locale = useLocale();
  const t = useTranslations("flow.waitlist");
  const tErrors = useTranslations("errors");
  const { errors, change, validate, refuseField } = useDetailsErrors(values, props.onChange);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<FriendlyError | null>(null);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [seatFree, setSeatFree] = useState(false);
  const errorBox = useRef<HTMLDivElement>(null);
  const phoneDefault = defaultPhoneCountry(workspace.contact_phone, locale);

  useEffect(() => {
    if (failure || seatFree) errorBox.current?.focus();
  }, [failure, seatFree]);
  useEffect(() => {
    if (joined) props.headingRef.current?.focus();
  }, [joined, props.headingRef]);

  async function submit() {
    const current = { ...values, phoneCountry: values.phoneCountry || phoneDefault };
    if (!validate(current, [])) {
      setFailure(null);
      return;
    }
    const { answers: _answers, ...body } = toCreateBody({
      service,
      staffId,
      startsAt: slot.start,
      values: current,
      questions: [],
      customerZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: locale,
      customerLocale: navigator.language,
    });
    setSubmitting(true);
    setFailure(null);
    setSeatFree(false);
    let result = await joinWaitlist(workspace.publishable_key, body);
    // A zone this browser knows but the server does not must never cost the place in line.
    if (!result.ok && result.error.kind === "http" && result.error.param === "customer.timezone") {
      const { timezone: _zone, ...customer } = body.customer;
      result = await joinWaitlist(workspace.publishable_key, { ...body, customer });
    }
    setSubmitting(false);
    if (result.ok) return setJoined({ entry: result.data, email: body.customer.email });
    const { error } = result;
    if (error.kind === "http" && error.type === "conflict" && error.param === "customer.email") return setJoined({ already: body.customer.email });
    if (error.kind === "http" && error.type === "conflict" && error.param === "starts_at") return setSeatFree(true);
    if (error.kind === "http" && error.type === "validation_failed" && refuseField(error.param, body)) return;
    setFailure(describeError(error, "booking", tErrors));
  }

  if (joined) {
    return (
      <div className={styles.panel}>
        <h2 ref={props.headingRef} tabIndex={-1} className={styles.stepHeading}>
          {"already" in joined ? t("alreadyHeading") : t("joinedHeading")}
        </h2>
        <BookingSummary rows={props.summary} title={t("summaryTitle")} />
        {"already" in joined ? (
          <p className="wrap-anywhere">{t("alreadyBody", { email: joined.already })}</p>
        ) : (
          <>
            {joined.entry.position !== null && <p className={styles.waitlistPlace}>{t("position", { position: joined.entry.position })}</p>}
            <p className="wrap-anywhere">{t("joinedBody", { email: joined.email, minutes: OFFER_HOLD_MINUTES })}</p>
          </>
        )}
        <div className={styles.actionsRow}>
          <Button variant="secondary" onClick={props.onBack}>
            {t("another")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <h2 ref={props.headingRef} tabIndex={-1} className={styles.stepHeading}>
        {t("heading")}
      </h2>
      <BookingSummary rows={props.summary} title={t("summaryTitle")} />
      <p className={styles.stepIntro}>{t("intro", { minutes: OFFER_HOLD_MINUTES })}</p>
      <DetailsForm
        locale={locale}
        defaultPhoneCountry={phoneDefault}
        values={values}
        errors={errors}
        questions={[]}
        onChange={change}
        onSubmit={() => void submit()}
        onBack={props.onBack}
        submitting={submitting}
        submitLabel={t("join")}
        formError={
          seatFree ? (
            <Notice
              ref={errorBox}
              tone="info"
              role="alert"
              title={t("seatFreeTitle")}
              actions={
                <Button size="small" onClick={props.onSeatFree}>
                  {t("seatFreeAction")}
                </Button>
              }
            >
              {t("seatFreeBody")}
            </Notice>
          ) : (
            failure && (
              <Notice ref={errorBox} tone="error" role="alert" title={failure.title}>
                {failure.body}
              </Notice>
            )
          )
        }
      />
    </div>
  );
}
