import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import { listQuestions } from "@/lib/questions/list-questions";
import { listServices } from "@/lib/services/list-services";
import { newBookingAction } from "../../../actions";
import { requireConsole } from "../../../_session";
import { offeredDays } from "../../../_slots";
import styles from "../../../console.module.css";
import { zoneName } from "../../../_zone";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: Promise<{ service?: string; error?: string; param?: string }> };

const ERROR_CODES = ["slot_unavailable", "validation_failed", "plan_limit_exceeded"];

// GET /console/{workspace}/bookings/new – a phone booking: service, then an offered time and the customer.
export default async function NewBookingPage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId } = await params;
  const { service: serviceId, error, param } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const [t, times, locale, zoneLabel] = await Promise.all([
    getTranslations("console.newBooking"),
    getTranslations("console.bookings.times"),
    resolveFormattingLocale(),
    zoneName(access.workspace.timezone),
  ]);
  const services = (await listServices({ ctx, page: { limit: 200 } })).data.filter((s) => s.active);
  const service = services.find((s) => s.id === serviceId);
  const [days, questions] = service
    ? await Promise.all([offeredDays(ctx, { serviceId: service.id, days: 14, locale }), listQuestions({ ctx, serviceId: service.id })])
    : [[], []];
  return (
    <>
      <p>
        <Link href={`/console/${workspaceId}/bookings`}>{t("back")}</Link>
      </p>
      <h1>{t("heading")}</h1>
      {error ? (
        <p className={styles.error} role="alert">
          {ERROR_CODES.includes(error) ? t(`errors.${error}`) : t("errors.other")} {param ? `(${param})` : null}
        </p>
      ) : null}
      <form method="get" action={`/console/${workspaceId}/bookings/new`} className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="service">{t("service")}</label>
          <select id="service" name="service" defaultValue={service?.id ?? ""} required>
            <option value="" disabled>
              {t("chooseService")}
            </option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {t("serviceOption", { name: s.name, minutes: s.duration_minutes })}
              </option>
            ))}
          </select>
        </div>
        <button className={`${styles.button} ${styles.secondary}`} type="submit">
          {t("showTimes")}
        </button>
      </form>
      {service ? (
        <form action={newBookingAction}>
          <input type="hidden" name="workspace" value={workspaceId} />
          <input type="hidden" name="service" value={service.id} />
          <h2>{t("time")}</h2>
          <p>{times("timesIn", { zone: zoneLabel })}</p>
          {days.length === 0 ? <p>{times("none")}</p> : null}
          {days.map((day) => (
            <fieldset key={day.label}>
              <legend>{day.label}</legend>
              {day.slots.map((slot) => (
                <label key={slot.start} style={{ display: "inline-block", margin: "0.25rem 0.75rem 0.25rem 0" }}>
                  <input type="radio" name="starts_at" value={slot.start} required /> {slot.label}
                </label>
              ))}
            </fieldset>
          ))}
          <h2>{t("customer")}</h2>
          <div className={styles.field}>
            <label htmlFor="name">{t("name")}</label>
            <input id="name" name="name" required maxLength={200} autoComplete="off" />
          </div>
          <div className={styles.field}>
            <label htmlFor="customer-email">{t("email")}</label>
            <input id="customer-email" name="email" type="email" required maxLength={254} autoComplete="off" />
          </div>
          <div className={styles.field}>
            <label htmlFor="phone">{t("phone")}</label>
            <input id="phone" name="phone" type="tel" autoComplete="off" />
          </div>
          {questions.length > 0 ? <h2>{t("questions")}</h2> : null}
          {questions.map((question) =>
            question.type === "checkbox" ? (
              <div key={question.id} className={styles.field}>
                <label>
                  <input type="checkbox" name={`answer:${question.id}`} value="true" required={question.required} /> {question.label}
                </label>
              </div>
            ) : (
              <div key={question.id} className={styles.field}>
                <label htmlFor={`answer-${question.id}`}>{question.required ? question.label : t("optional", { label: question.label })}</label>
                {question.type === "select" ? (
                  <select id={`answer-${question.id}`} name={`answer:${question.id}`} required={question.required} defaultValue="">
                    <option value="">{t("chooseOne")}</option>
                    {question.options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                ) : question.type === "long_text" ? (
                  <textarea id={`answer-${question.id}`} name={`answer:${question.id}`} required={question.required} maxLength={1000} rows={3} />
                ) : (
                  <input id={`answer-${question.id}`} name={`answer:${question.id}`} required={question.required} maxLength={1000} autoComplete="off" />
                )}
              </div>
            ),
          )}
          <button className={styles.button} type="submit">
            {t("create")}
          </button>
        </form>
      ) : null}
    </>
  );
}
