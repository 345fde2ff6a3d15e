"use client";

import { useTranslations } from "next-intl";
import { SelectField } from "@/components/ui/field";
import { REPEAT_WEEKS, type RepeatEvery } from "@/lib/availability/series-starts";
import type { RepeatChoice } from "@/lib/booking-pages/flow-location";
import styles from "./flow.module.css";

/** How many occurrences a new repeat starts with, within the service's repeat_max. */
const DEFAULT_COUNT = 4;

/**
 * "Repeat every …" on the time step, for a service that allows a series (repeat_max ≥ 2, no
 * payment; docs/series-and-waitlists.md): how far apart and how many occurrences. While it is set,
 * the times shown are only those where every occurrence is free (availability's repeat filter).
 */
export function RepeatField({ max, value, onChange }: { max: number; value: RepeatChoice | null; onChange: (next: RepeatChoice | null) => void }) {
  const t = useTranslations("flow.repeat");
  const every = (Object.keys(REPEAT_WEEKS) as RepeatEvery[]).map((key) => ({ value: key, label: t("every", { weeks: REPEAT_WEEKS[key] }) }));
  const counts = Array.from({ length: max - 1 }, (_, index) => index + 2).map((count) => ({ value: String(count), label: t("times", { count }) }));
  return (
    <fieldset className={styles.repeat}>
      <legend className={styles.repeatLegend}>{t("legend")}</legend>
      <div className={styles.repeatFields}>
        <SelectField
          label={t("often")}
          options={[{ value: "", label: t("none") }, ...every]}
          value={value?.every ?? ""}
          onChange={(event) => {
            const next = event.target.value as RepeatEvery | "";
            onChange(next ? { every: next, count: value?.count ?? Math.min(DEFAULT_COUNT, max) } : null);
          }}
        />
        {value && (
          <SelectField
            label={t("count")}
            options={counts}
            value={String(value.count)}
            onChange={(event) => onChange({ every: value.every, count: Number(event.target.value) })}
          />
        )}
      </div>
      {value && <p className={styles.muted}>{t("hint")}</p>}
    </fieldset>
  );
}
