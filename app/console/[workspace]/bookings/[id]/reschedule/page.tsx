import Link from "next/link";
import { notFound } from "next/navigation";
import { DomainError } from "@/lib/errors";
import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { rescheduleAction } from "../../../../actions";
import { requireConsole } from "../../../../_session";
import { offeredDays } from "../../../../_slots";
import styles from "../../../../console.module.css";
import { zoneName } from "../../../../_zone";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string; id: string }>; searchParams: Promise<{ error?: string }> };

const ERRORS: Record<string, string> = {
  slot_unavailable: "That time was just taken. Choose another.",
  booking_not_confirmed: "Only a confirmed booking can be moved.",
};

// GET /console/{workspace}/bookings/{id}/reschedule – the times offered for this booking's service and calendar.
export default async function ReschedulePage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId, id } = await params;
  const { error } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  let row;
  try {
    row = await getBookingOrThrow({ ctx, id });
  } catch (failure) {
    if (failure instanceof DomainError && failure.type === "not_found") notFound();
    throw failure;
  }
  const days = await offeredDays(ctx, { serviceId: row.serviceId, days: 14, staffId: row.staffId, excludeBookingId: row.id });
  return (
    <>
      <p>
        <Link href={`/console/${workspaceId}/bookings/${id}`}>Back to the booking</Link>
      </p>
      <h1>Reschedule</h1>
      <p>Times in {zoneName(access.workspace.timezone)}. The customer is emailed the new time.</p>
      {error ? (
        <p className={styles.error} role="alert">
          {ERRORS[error] ?? "That time cannot be booked."}
        </p>
      ) : null}
      <form action={rescheduleAction}>
        <input type="hidden" name="workspace" value={workspaceId} />
        <input type="hidden" name="booking" value={id} />
        {days.length === 0 ? <p>No times are offered in the next two weeks.</p> : null}
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
            Reschedule
          </button>
        </p>
      </form>
    </>
  );
}
