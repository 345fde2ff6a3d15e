import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DomainError } from "@/lib/errors";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { rescheduleAction } from "../../../../actions";
import { requireConsole } from "../../../../_session";
import { DayChooser, OfferedTimes, offeredTimesOn } from "../../../../_times";
import styles from "../../../../console.module.css";
import { zoneName } from "../../../../_zone";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string; id: string }>; searchParams: Promise<{ error?: string; date?: string }> };

const ERROR_CODES = ["slot_unavailable", "booking_not_confirmed", "validation_failed"];

// GET /console/{workspace}/bookings/{id}/reschedule – a day (today by default), then the times offered that day for this booking's service and calendar.
export default async function ReschedulePage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId, id } = await params;
  const { error, date } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const [t, locale, zoneLabel] = await Promise.all([getTranslations("console.reschedule"), resolveFormattingLocale(), zoneName(access.workspace.timezone)]);
  let row;
  try {
    row = await getBookingOrThrow({ ctx, id });
  } catch (failure) {
    if (failure instanceof DomainError && failure.type === "not_found") notFound();
    throw failure;
  }
  const day = await offeredTimesOn(ctx, { serviceId: row.serviceId, date, locale, staffId: row.staffId, excludeBookingId: row.id });
  const self = `/console/${workspaceId}/bookings/${id}/reschedule`;
  return (
    <>
      <p>
        <Link href={`/console/${workspaceId}/bookings/${id}`}>{t("back")}</Link>
      </p>
      <h1>{t("heading")}</h1>
      <p>{t("intro")}</p>
      {error ? (
        <p className={styles.error} role="alert">
          {ERROR_CODES.includes(error) ? t(`errors.${error}`) : t("errors.other")}
        </p>
      ) : null}
      <DayChooser action={self} date={day.date} today={day.today} showsTimes keep={{}} />
      <form action={rescheduleAction}>
        <input type="hidden" name="workspace" value={workspaceId} />
        <input type="hidden" name="booking" value={id} />
        <OfferedTimes day={day} zone={zoneLabel} />
        <p>
          <button className={styles.button} type="submit">
            {t("submit")}
          </button>
        </p>
      </form>
    </>
  );
}
