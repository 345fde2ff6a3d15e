"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { computePaymentAmountCents } from "@/lib/services/payment-amount";
import { PAYMENT_MODES, type PaymentMode, type ServiceListItem } from "@/lib/services/schemas";
import { saveServiceAction } from "../../_setup/catalog-actions";
import { useSetupForm } from "../../_setup/use-setup-form";
import { FieldError, FormError, invalidProps } from "../../_setup/field-error";
import styles from "../../_setup/setup.module.css";
import consoleStyles from "../../console.module.css";

type Option = { id: string; name: string; active?: boolean };

const NUMBERS = [
  "duration_minutes",
  "buffer_before_minutes",
  "buffer_after_minutes",
  "min_lead_minutes",
  "max_advance_days",
  "min_cancel_notice_minutes",
  "capacity",
  "repeat_max",
] as const;
const FIELDS = [
  "name",
  "description",
  ...NUMBERS,
  "price_cents",
  "payment_mode",
  "deposit_amount_cents",
  "deposit_percent",
  "staff_ids",
  "category_id",
] as const;

const toCents = (value: string): number | null => (/^\d+(\.\d{1,2})?$/.test(value.trim()) ? Math.round(Number(value.trim()) * 100) : null);
const units = (amount: number | null | undefined) => (amount === null || amount === undefined ? "" : (amount / 100).toFixed(2));

/**
 * Every writable field of a service (ServiceBody), its category, the calendars that offer it and
 * whether it is offered; the amount paid at booking is computed as the server computes it while
 * the terms are typed. A refused form changed nothing and names the field the API named.
 */
export function ServiceForm({
  workspace,
  service,
  calendars,
  categories,
  currency,
}: {
  workspace: string;
  service: ServiceListItem | null;
  calendars: Option[];
  categories: Option[];
  currency: string;
}) {
  const t = useTranslations("console.services.form");
  const locale = useLocale();
  const { state, pending, form } = useSetupForm(saveServiceAction);
  const [mode, setMode] = useState<PaymentMode>(service?.payment_mode ?? "none");
  const [price, setPrice] = useState(units(service?.price_cents));
  const [deposit, setDeposit] = useState(units(service?.deposit_amount_cents));
  const [percent, setPercent] = useState(service?.deposit_percent ? String(service.deposit_percent) : "");
  const modeLabel: Record<PaymentMode, string> = {
    none: t("modes.none"),
    full: t("modes.full"),
    deposit_fixed: t("modes.deposit_fixed"),
    deposit_percent: t("modes.deposit_percent"),
  };
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
  const amount = computePaymentAmountCents({
    paymentMode: mode,
    priceCents: toCents(price),
    depositAmountCents: toCents(deposit),
    depositPercent: /^\d+$/.test(percent) ? Number(percent) : null,
  });
  const number = (field: (typeof NUMBERS)[number], fallback: number | undefined, hint?: string) => {
    const id = `service-${field}`;
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{t(`fields.${field}`)}</label>
        <input
          id={id}
          name={field}
          type="number"
          inputMode="numeric"
          defaultValue={service ? String(service[field]) : fallback === undefined ? "" : String(fallback)}
          {...invalidProps(state, field, id)}
        />
        {hint ? <p className={styles.hint}>{hint}</p> : null}
        <FieldError state={state} param={field} id={id} />
      </div>
    );
  };

  return (
    <form {...form}>
      <input type="hidden" name="workspace" value={workspace} />
      {service ? <input type="hidden" name="id" value={service.id} /> : null}
      <FormError state={state} params={FIELDS} />
      <div className={styles.grid}>
        <div className={styles.field}>
          <label htmlFor="service-name">{t("fields.name")}</label>
          <input
            id="service-name"
            name="name"
            aria-required
            defaultValue={service?.name ?? ""}
            maxLength={200}
            {...invalidProps(state, "name", "service-name")}
          />
          <FieldError state={state} param="name" id="service-name" />
        </div>
        {number("duration_minutes", 30)}
        {number("capacity", 1, t("capacityHint"))}
        {number("buffer_before_minutes", 0)}
        {number("buffer_after_minutes", 0)}
        {number("min_lead_minutes", 0)}
        {number("max_advance_days", 60)}
        {number("min_cancel_notice_minutes", 0)}
        {number("repeat_max", 0, t("repeatHint"))}
      </div>
      <div className={styles.field}>
        <label htmlFor="service-description">{t("fields.description")}</label>
        <textarea
          id="service-description"
          name="description"
          rows={3}
          defaultValue={service?.description ?? ""}
          {...invalidProps(state, "description", "service-description")}
        />
        <FieldError state={state} param="description" id="service-description" />
      </div>
      <h2 className={styles.heading}>{t("paymentHeading")}</h2>
      <div className={styles.grid}>
        <div className={styles.field}>
          <label htmlFor="service-price_cents">{t("fields.price", { currency: currency.toUpperCase() })}</label>
          <input
            id="service-price_cents"
            name="price_cents"
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            {...invalidProps(state, "price_cents", "service-price_cents")}
          />
          <p className={styles.hint}>{t("priceHint")}</p>
          <FieldError state={state} param="price_cents" id="service-price_cents" />
        </div>
        <div className={styles.field}>
          <label htmlFor="service-payment_mode">{t("fields.payment_mode")}</label>
          <select
            id="service-payment_mode"
            name="payment_mode"
            value={mode}
            onChange={(event) => setMode(event.target.value as PaymentMode)}
            {...invalidProps(state, "payment_mode", "service-payment_mode")}
          >
            {PAYMENT_MODES.map((option) => (
              <option key={option} value={option}>
                {modeLabel[option]}
              </option>
            ))}
          </select>
          <FieldError state={state} param="payment_mode" id="service-payment_mode" />
        </div>
        {mode === "deposit_fixed" ? (
          <div className={styles.field}>
            <label htmlFor="service-deposit_amount_cents">{t("fields.deposit_amount", { currency: currency.toUpperCase() })}</label>
            <input
              id="service-deposit_amount_cents"
              name="deposit_amount_cents"
              inputMode="decimal"
              value={deposit}
              onChange={(event) => setDeposit(event.target.value)}
              {...invalidProps(state, "deposit_amount_cents", "service-deposit_amount_cents")}
            />
            <FieldError state={state} param="deposit_amount_cents" id="service-deposit_amount_cents" />
          </div>
        ) : null}
        {mode === "deposit_percent" ? (
          <div className={styles.field}>
            <label htmlFor="service-deposit_percent">{t("fields.deposit_percent")}</label>
            <input
              id="service-deposit_percent"
              name="deposit_percent"
              type="number"
              inputMode="numeric"
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              {...invalidProps(state, "deposit_percent", "service-deposit_percent")}
            />
            <FieldError state={state} param="deposit_percent" id="service-deposit_percent" />
          </div>
        ) : null}
      </div>
      <p role="status">
        {mode === "none" ? t("paidNothing") : amount === null ? t("paidUnknown") : t("paidAtBooking", { amount: money.format(amount / 100) })}
      </p>
      <h2 className={styles.heading}>{t("offeringHeading")}</h2>
      <fieldset className={styles.checks} aria-describedby={state.error?.param?.startsWith("staff_ids") ? "service-staff_ids-error" : undefined}>
        <legend>{t("fields.staff_ids")}</legend>
        {calendars.map((calendar) => (
          <label key={calendar.id}>
            <input
              type="checkbox"
              name="staff_ids"
              value={calendar.id}
              defaultChecked={service ? service.staff_ids.includes(calendar.id) : calendar.active !== false}
            />{" "}
            {calendar.active === false ? t("inactiveCalendar", { name: calendar.name }) : calendar.name}
          </label>
        ))}
      </fieldset>
      <FieldError state={state} param="staff_ids" id="service-staff_ids" />
      <div className={styles.grid}>
        <div className={styles.field}>
          <label htmlFor="service-category_id">{t("fields.category_id")}</label>
          <select
            id="service-category_id"
            name="category_id"
            defaultValue={service?.category_id ?? ""}
            {...invalidProps(state, "category_id", "service-category_id")}
          >
            <option value="">{t("noCategory")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
          <FieldError state={state} param="category_id" id="service-category_id" />
        </div>
        <div className={styles.field}>
          <label>
            <input type="checkbox" name="active" defaultChecked={service?.active ?? true} /> {t("fields.active")}
          </label>
        </div>
      </div>
      <p>
        <button type="submit" className={consoleStyles.button} disabled={pending}>
          {service ? t("save") : t("create")}
        </button>
      </p>
      {state.saved && !state.error ? (
        <p className={styles.saved} role="status">
          {t("saved")}
        </p>
      ) : null}
    </form>
  );
}
