import { useTranslations } from "next-intl";
import { createTranslator } from "use-intl/core";
import type { Category, CustomerService } from "@/lib/booking-pages/types";
import { formatDuration, formatMoney } from "@/lib/booking-pages/format";
import type { Wording } from "@/lib/booking-pages/wording";
import en from "@/lib/i18n/messages/en.json";
import { Notice } from "@/components/ui/notice";
import styles from "./service-list.module.css";

type ServiceListProps = {
  services: CustomerService[];
  categories: Category[];
  currency: string;
  locale: string;
  refundPolicy: string | null;
  wording: Wording;
  selectedId: string | null;
  onChoose: (service: CustomerService) => void;
};

/*
 * What the business wrote (names, descriptions, policy) is shown as written (docs/decisions.md#languages),
 * each with dir="auto" so its own direction holds inside a page of the other direction.
 */

/** Categories in the business's order (never re-sorted), uncategorised services last under `otherLabel`. */
export function groupServices(services: CustomerService[], categories: Category[], otherLabel: string) {
  const groups = categories
    .map((category) => ({ id: category.id, name: category.name as string | null, services: services.filter((s) => s.category_id === category.id) }))
    .filter((group) => group.services.length > 0);
  const known = new Set(categories.map((category) => category.id));
  const rest = services.filter((service) => !service.category_id || !known.has(service.category_id));
  if (rest.length > 0) groups.push({ id: "uncategorised", name: groups.length > 0 ? otherLabel : null, services: rest });
  return groups;
}

/** `t` of the `booking.serviceList` namespace (`useTranslations("booking.serviceList")`). */
export type ServiceListTranslator = (key: "paidInFull" | "deposit", values: { amount: string }) => string;

const english: ServiceListTranslator = createTranslator({ locale: "en", messages: en, namespace: "booking.serviceList" });

export function paymentLine(service: CustomerService, currency: string, locale: string, t: ServiceListTranslator = english): string | null {
  if (service.payment_mode === "none") return null;
  if (service.payment_amount_cents === null) return null;
  const amount = formatMoney(service.payment_amount_cents, currency, locale);
  return service.payment_mode === "full" ? t("paidInFull", { amount }) : t("deposit", { amount });
}

/** A service a customer cannot book online (its payment cannot be taken): listed, but not choosable. */
export const isUnbookable = (service: CustomerService) => !service.bookable;

export function ServiceList({ services, categories, currency, locale, refundPolicy, wording, selectedId, onChoose }: ServiceListProps) {
  const t = useTranslations("booking.serviceList");
  const groups = groupServices(services, categories, t("otherCategory"));
  const takesPayment = services.some((service) => service.payment_mode !== "none" && !isUnbookable(service));
  return (
    <div className={styles.groups}>
      {takesPayment && refundPolicy && (
        <Notice tone="info" title={t("paymentTitle")}>
          <p>{t("paymentIntro", { vertical: wording.vertical })}</p>
          <p className={styles.policy} dir="auto">
            {refundPolicy}
          </p>
        </Notice>
      )}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={group.name ? `category-${group.id}` : undefined}>
          {group.name && (
            <h3 id={`category-${group.id}`} className={styles.category} dir="auto">
              {group.name}
            </h3>
          )}
          <ul className={styles.list}>
            {group.services.map((service) => {
              const unbookable = isUnbookable(service);
              const payment = unbookable ? null : paymentLine(service, currency, locale, t);
              return (
                <li key={service.id}>
                  <button
                    type="button"
                    className={`${styles.service} ${service.id === selectedId ? styles.selected : ""}`}
                    disabled={unbookable}
                    aria-pressed={service.id === selectedId}
                    data-service-id={service.id}
                    onClick={() => onChoose(service)}
                  >
                    <span className={styles.top}>
                      <span className={styles.name} dir="auto">
                        {service.name}
                      </span>
                      {service.price_cents !== null && <span className={styles.price}>{formatMoney(service.price_cents, currency, locale)}</span>}
                    </span>
                    <span className={styles.meta}>{formatDuration(service.duration_minutes, locale)}</span>
                    {service.description && (
                      <span className={styles.description} dir="auto">
                        {service.description}
                      </span>
                    )}
                    {payment && <span className={styles.payment}>{payment}</span>}
                    {unbookable && <span className={styles.meta}>{t("unbookable")}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
