import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DomainError } from "@/lib/errors";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { rescheduleAction } from "../../../../actions";
import { requireConsole } from "../../../../_session";
import { offeredDays } from "../../../../_slots";
import styles from "../../../../console.module.css";
import { zoneName } from "../../../../_zone";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string; id: string }>; searchParams: Promise<{ error?: string }> };

const ERROR_CODES = ["slot_unavailable", "booking_not_confirmed", "validation_failed"];

// GET /console/{workspace}/bookings/{id}/reschedule – the times offered for this booking's service and calendar.
export default async function ReschedulePage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId, id } = await params;
  const { error } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const [t, times, locale, zoneLabel] = await Promise.all([
    getTranslations("console.reschedule"),
    getTranslations("console.bookings.times"),
    resolveFormattingLocale(),
    zoneName(access.workspace.timezone),
  ]);
  let row;
  try {
    row = await getBookingOrThrow({ ctx, id });
  } catch (failure) {
    if (failure instanceof DomainError && failure.type === "not_found") notFound();
    throw failure;
  }
  const days = await offeredDays(ctx, { serviceId: row.serviceId, days: 14, locale, staffId: row.staffId, excludeBookingId: row.id });
  return (
    <>
      <p>
        <Link href={`/console/${workspaceId}/bookings/${id}`}>{t("back")}</Link>
      </p>
      <h1>{t("heading")}</h1>
      <p>
        {times("timesIn", { zone: zoneLabel })} {t("intro")}
      </p>
      {error ? (
        <p className={styles.error} role="alert">
          {ERROR_CODES.includes(error) ? t(`errors.${error}`) : t("errors.other")}
        </p>
      ) : null}
      <form action={rescheduleAction}>
        <input type="hidden" name="workspace" value={workspaceId} />
        <input type="hidden" name="booking" value={id} />
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
        <p>
          <button className={styles.button} type="submit">
            {t("submit")}
          </button>
        </p>
      </form>
    </>
  );
}
