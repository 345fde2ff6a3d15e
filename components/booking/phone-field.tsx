"use client";

import { getCountryCallingCode } from "libphonenumber-js";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { isCountryCode, phoneCountries } from "@/lib/booking-pages/details";
import styles from "@/components/ui/field.module.css";
import own from "./phone-field.module.css";

type PhoneFieldProps = {
  value: string;
  country: string;
  onChange: (patch: { phone?: string; phoneCountry?: string }) => void;
  locale: string;
  maxLength: number;
  error?: string;
};

/**
 * A phone number the way people write it ("020 7946 0958") with a country picker that says how
 * to read it; a number starting with "+" carries its own country. The flow sends E.164.
 */
export function PhoneField({ value, country, onChange, locale, maxLength, error }: PhoneFieldProps) {
  const id = useId();
  const t = useTranslations("flow.details");
  const tField = useTranslations("ui.field");
  // Country names come from the browser's Intl after hydration (the server's may word them
  // differently); until then the chosen country is listed by its code.
  const [countries, setCountries] = useState(() =>
    isCountryCode(country) ? [{ code: country, label: `${country} (+${getCountryCallingCode(country)})` }] : [],
  );
  useEffect(() => setCountries(phoneCountries(locale)), [locale]);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {t("phone")}
        <span className={styles.optional}> ({tField("optional")})</span>
      </label>
      <p id={hintId} className={styles.hint}>
        {t("phoneHint")}
      </p>
      <div className={own.row}>
        <select
          className={`${styles.control} ${own.country}`}
          aria-label={t("countryCode")}
          name="phone-country"
          autoComplete="tel-country-code"
          value={country}
          onChange={(event) => onChange({ phoneCountry: event.target.value })}
        >
          <option value="">{t("chooseCountry")}</option>
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          id={id}
          className={styles.control}
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={maxLength}
          value={value}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange({ phone: event.target.value })}
        />
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          <span aria-hidden="true">!</span>
          {error}
        </p>
      )}
    </div>
  );
}
