"use client";

import { useTranslations } from "next-intl";
import type { ComponentProps, ReactNode, RefObject } from "react";
import { ServiceList } from "@/components/booking/service-list";
import { Notice } from "@/components/ui/notice";
import type { RepeatChoice } from "@/lib/booking-pages/flow-location";
import type { FriendlyError } from "@/lib/booking-pages/messages";
import { RepeatField } from "./repeat-field";
import styles from "./flow.module.css";

type ServiceStepProps = ComponentProps<typeof ServiceList> & { headingRef: RefObject<HTMLHeadingElement | null> };

/** The first step: the business's services, by category. */
export function ServiceStep({ headingRef, wording, services, ...list }: ServiceStepProps) {
  const t = useTranslations("flow");
  return (
    <div className={styles.panel}>
      <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        {wording.chooseService}
      </h2>
      {services.length === 0 ? <p className={styles.muted}>{t("nothingToBook")}</p> : <ServiceList services={services} wording={wording} {...list} />}
    </div>
  );
}

type TimeStepProps = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Why the customer is back on the times (the time was taken, the hold lapsed). */
  notice: FriendlyError | null;
  /** "Repeat every …", when the service can be booked as a series. */
  repeat: { max: number; value: RepeatChoice | null; onChange: (next: RepeatChoice | null) => void } | null;
  /** The calendar of times (./slot-picker.tsx). */
  children: ReactNode;
};

/** The second step: a time, and how often it repeats when the service allows a series. */
export function TimeStep({ headingRef, notice, repeat, children }: TimeStepProps) {
  const t = useTranslations("flow");
  return (
    <div className={styles.panel}>
      <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        {t("slots.heading")}
      </h2>
      {notice && (
        <Notice tone="warning" role="alert" title={notice.title}>
          {notice.body}
        </Notice>
      )}
      {repeat && <RepeatField max={repeat.max} value={repeat.value} onChange={repeat.onChange} />}
      {children}
    </div>
  );
}
