"use client";

import { useTranslations } from "next-intl";
import { useZoneCity } from "@/components/booking/zone-names";
import { Button } from "@/components/ui/button";
import { formatDuration, formatMoney, formatShortDate, formatTime } from "@/lib/booking-pages/format";
import type { CustomerService } from "@/lib/booking-pages/types";
import styles from "./flow.module.css";

type SelectionBarProps = {
  service: CustomerService;
  currency: string;
  vertical: string;
  /** On the details step the bar shows the chosen start and offers to change the time; on the time step, the service. */
  isDetails: boolean;
  slotStart: string | null;
  displayZone: string;
  locale: string;
  onChange: () => void;
};

/** What the customer chose so far (service, and on the details step the time), with the way back to change it. */
export function SelectionBar({ service, currency, vertical, isDetails, slotStart, displayZone, locale, onChange }: SelectionBarProps) {
  const t = useTranslations("flow");
  const zoneCity = useZoneCity();
  return (
    <div className={styles.selection}>
      <span className={styles.selectionText}>
        <strong dir="auto">{service.name}</strong>
        <span className={styles.muted}>
          {formatDuration(service.duration_minutes, locale)}
          {service.price_cents !== null && ` · ${formatMoney(service.price_cents, currency, locale)}`}
          {slotStart &&
            isDetails &&
            ` · ${t("selectionWhen", { date: formatShortDate(slotStart, displayZone, locale), time: formatTime(slotStart, displayZone, locale), zone: zoneCity(displayZone) })}`}
        </span>
      </span>
      <Button variant="ghost" size="small" onClick={onChange}>
        {isDetails ? t("changeTime") : t("changeService", { vertical })}
      </Button>
    </div>
  );
}
