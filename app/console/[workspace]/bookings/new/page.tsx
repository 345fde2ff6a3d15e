import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import { listQuestions } from "@/lib/questions/list-questions";
import { listServices } from "@/lib/services/list-services";
import { newBookingAction } from "../../../actions";
import { requireConsole } from "../../../_session";
import { DayChooser, OfferedTimes, offeredTimesOn, todayIn } from "../../../_times";
import styles from "../../../console.module.css";
import { zoneName } from "../../../_zone";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string }>; searchParams: Promise<{ service?: string; date?: string; error?: string; param?: string }> };

const ERROR_CODES = ["slot_unavailable", "validation_failed", "plan_limit_exceeded"];

// GET /console/{workspace}/bookings/new – a phone booking: service and day, then an offered time of that day and the customer.
export default async function NewBookingPage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId } = await params;
  const { service: serviceId, date, error, param } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const [t, locale, zoneLabel] = await Promise.all([getTranslations("console.newBooking"), resolveFormattingLocale(), zoneName(access.workspace.timezone)]);
  const services = (await listServices({ ctx, page: { limit: 200 } })).data.filter((s) => s.active);
  const service = services.find((s) => s.id === serviceId);
  const [day, questions] = service
    ? await Promise.all([offeredTimesOn(ctx, { serviceId: service.id, date, locale }), listQuestions({ ctx, serviceId: service.id })])
    : [null, []];
  const self = `/console/${workspaceId}/bookings/new`;
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
      <DayChooser
        action={self}
        date={day?.date ?? todayIn(ctx)}
        today={day?.today ?? todayIn(ctx)}
        showsTimes={day !== null}
        keep={service ? { service: service.id } : {}}
        fields={
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
        }
      />
      {service && day ? (
        <form action={newBookingAction}>
          <input type="hidden" name="workspace" value={workspaceId} />
          <input type="hidden" name="service" value={service.id} />
          <h2>{t("time")}</h2>
          <OfferedTimes day={day} zone={zoneLabel} />
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
