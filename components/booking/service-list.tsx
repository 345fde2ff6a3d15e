import type { Category, CustomerService } from "@/lib/booking-pages/types";
import { formatDuration, formatMoney } from "@/lib/booking-pages/format";
import type { Wording } from "@/lib/booking-pages/wording";
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

/** Categories in the business's order (never re-sorted), uncategorised services last. */
export function groupServices(services: CustomerService[], categories: Category[]) {
  const groups = categories
    .map((category) => ({ id: category.id, name: category.name as string | null, services: services.filter((s) => s.category_id === category.id) }))
    .filter((group) => group.services.length > 0);
  const known = new Set(categories.map((category) => category.id));
  const rest = services.filter((service) => !service.category_id || !known.has(service.category_id));
  if (rest.length > 0) groups.push({ id: "uncategorised", name: groups.length > 0 ? "Other" : null, services: rest });
  return groups;
}

export function paymentLine(service: CustomerService, currency: string, locale: string): string | null {
  if (service.payment_mode === "none") return null;
  if (service.payment_amount_cents === null) return null;
  const amount = formatMoney(service.payment_amount_cents, currency, locale);
  return service.payment_mode === "full" ? `Paid in full when you book: ${amount}` : `Deposit of ${amount} when you book`;
}

/** A service a customer cannot book online (its payment cannot be taken): listed, but not choosable. */
export const isUnbookable = (service: CustomerService) => !service.bookable;

export function ServiceList({ services, categories, currency, locale, refundPolicy, wording, selectedId, onChoose }: ServiceListProps) {
  const groups = groupServices(services, categories);
  const takesPayment = services.some((service) => service.payment_mode !== "none" && !isUnbookable(service));
  return (
    <div className={styles.groups}>
      {takesPayment && refundPolicy && (
        <Notice tone="info" title="Payment and refunds">
          <p>Some {wording.services.toLowerCase()} take a payment or deposit when you book. Refund policy:</p>
          <p className={styles.policy}>{refundPolicy}</p>
        </Notice>
      )}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={group.name ? `category-${group.id}` : undefined}>
          {group.name && (
            <h3 id={`category-${group.id}`} className={styles.category}>
              {group.name}
            </h3>
          )}
          <ul className={styles.list}>
            {group.services.map((service) => {
              const unbookable = isUnbookable(service);
              const payment = unbookable ? null : paymentLine(service, currency, locale);
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
                      <span className={styles.name}>{service.name}</span>
                      {service.price_cents !== null && <span className={styles.price}>{formatMoney(service.price_cents, currency, locale)}</span>}
                    </span>
                    <span className={styles.meta}>{formatDuration(service.duration_minutes, locale)}</span>
                    {service.description && <span className={styles.description}>{service.description}</span>}
                    {payment && <span className={styles.payment}>{payment}</span>}
                    {unbookable && <span className={styles.meta}>Not available online. Please contact the business.</span>}
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
