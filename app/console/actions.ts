"use server";

import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { redirect } from "next/navigation";
import { getConfig } from "@/lib/config";
import { loadBaseContext } from "@/lib/context";
import { DomainError } from "@/lib/errors";
import { isLocale } from "@/lib/i18n/locales";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { clearNoShow } from "@/lib/bookings/clear-no-show";
import { markNoShow } from "@/lib/bookings/mark-no-show";
import { rescheduleBooking } from "@/lib/bookings/reschedule-booking";
import { resendConfirmation } from "@/lib/bookings/resend-confirmation";
import { createBooking } from "@/lib/bookings/create-booking";
import { CreateBookingBody } from "@/lib/bookings/schemas";
import { actAsMember } from "@/lib/members/console-access";
import { endSession, redeemSignInLink, requestSignInLink } from "@/lib/members/sign-in";
import { clientIp } from "@/lib/http/client-ip";
import { parseWith } from "@/lib/http/route";
import { clearSessionCookie, readSessionToken, requireConsole, setSessionCookie } from "./_session";

/** POST /console/sign-in: always "Check your email"; over the hourly limits, the 429 page. */
export async function requestLinkAction(form: FormData): Promise<void> {
  const email = String(form.get("email") ?? "").slice(0, 254);
  const ip = clientIp(new Request("http://local/", { headers: await headers() }), getConfig().trustProxy);
  try {
    const language = await getLocale();
    await requestSignInLink({
      ctx: await loadBaseContext("page"),
      input: { email, ip, appUrl: getConfig().appUrl, language: isLocale(language) ? language : undefined },
    });
  } catch (error) {
    if (error instanceof DomainError && error.type === "rate_limited") redirect("/console/sign-in/too-many");
    throw error;
  }
  redirect("/console/sign-in?sent=1");
}

/** The button on the emailed link's page: spends the link once and opens a session. */
export async function redeemLinkAction(form: FormData): Promise<void> {
  const token = String(form.get("token") ?? "");
  const session = await redeemSignInLink({ ctx: await loadBaseContext("page"), token });
  if (!session) redirect("/console/sign-in?invalid=1");
  await setSessionCookie(session.sessionToken);
  redirect("/console");
}

export async function signOutAction(): Promise<void> {
  const token = await readSessionToken();
  if (token) await endSession({ ctx: await loadBaseContext("page"), token });
  await clearSessionCookie();
  redirect("/console/sign-in");
}

type BookingAction = "cancel" | "no-show" | "undo-no-show" | "resend-confirmation";

/** The booking page's buttons, through the API's own verbs with the member as the actor. */
export async function bookingAction(form: FormData): Promise<void> {
  const workspaceId = String(form.get("workspace") ?? "");
  const bookingId = String(form.get("booking") ?? "");
  const action = String(form.get("action") ?? "") as BookingAction;
  const { ctx } = await requireConsole(workspaceId);
  const target = { targetType: "booking", targetId: bookingId };
  let problem = "";
  try {
    if (action === "cancel") {
      const refund = form.get("refund") !== "no";
      await actAsMember(ctx, { ...target, action: "cancelBooking" }, (acting) => cancelBooking({ ctx: acting, input: { bookingId, refund } }));
    } else if (action === "no-show") {
      await actAsMember(ctx, { ...target, action: "markBookingNoShow" }, (acting) => markNoShow({ ctx: acting, id: bookingId }));
    } else if (action === "undo-no-show") {
      await actAsMember(ctx, { ...target, action: "clearBookingNoShow" }, (acting) => clearNoShow({ ctx: acting, id: bookingId }));
    } else if (action === "resend-confirmation") {
      await actAsMember(ctx, { ...target, action: "resendBookingConfirmation" }, (acting) => resendConfirmation({ ctx: acting, id: bookingId }));
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    problem = error.type;
  }
  const outcome = problem ? `?error=${problem}` : action === "resend-confirmation" ? "?done=resend-confirmation" : "";
  redirect(`/console/${workspaceId}/bookings/${bookingId}${outcome}`);
}

/** "Reschedule" to an offered time: the API's reschedule, so the customer gets the move email. */
export async function rescheduleAction(form: FormData): Promise<void> {
  const workspaceId = String(form.get("workspace") ?? "");
  const bookingId = String(form.get("booking") ?? "");
  const startsAt = String(form.get("starts_at") ?? "");
  const { ctx } = await requireConsole(workspaceId);
  let problem = "";
  try {
    if (!startsAt || Number.isNaN(Date.parse(startsAt))) throw new DomainError("validation_failed", "Choose a time.");
    await actAsMember(ctx, { action: "rescheduleBooking", targetType: "booking", targetId: bookingId }, (acting) =>
      rescheduleBooking({ ctx: acting, input: { bookingId, startsAt: new Date(startsAt) } }),
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    problem = error.type;
  }
  // Back to the day the member was looking at (docs/console.md#choosing-a-time).
  const day = encodeURIComponent(String(form.get("date") ?? ""));
  redirect(problem ? `/console/${workspaceId}/bookings/${bookingId}/reschedule?error=${problem}&date=${day}` : `/console/${workspaceId}/bookings/${bookingId}`);
}

/** "New booking" for a phone customer: created as a secret key creates it (no code; a paid service waits for the payment link). */
export async function newBookingAction(form: FormData): Promise<void> {
  const workspaceId = String(form.get("workspace") ?? "");
  const serviceId = String(form.get("service") ?? "");
  const { ctx } = await requireConsole(workspaceId);
  const phone = String(form.get("phone") ?? "").trim();
  const body = {
    service_id: serviceId,
    starts_at: String(form.get("starts_at") ?? ""),
    customer: { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? ""), ...(phone ? { phone } : {}) },
    // The service's questions (answer:<question id>); an empty optional answer is no answer.
    answers: [...form.entries()]
      .filter(([name, value]) => name.startsWith("answer:") && String(value).trim() !== "")
      .map(([name, value]) => ({ question_id: name.slice("answer:".length), value: String(value) })),
  };
  let created = "";
  let problem = "";
  try {
    // The API's own schema, through the one validation layer: the refusal names the field.
    const input = parseWith(CreateBookingBody, body);
    const result = await actAsMember(
      ctx,
      { action: "createBooking", targetType: "booking", targetId: null },
      (acting) => createBooking({ ctx: acting, input }),
      (made) => made.booking.id,
    );
    created = result.booking.id;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    problem = error.type === "validation_failed" ? `validation_failed&param=${encodeURIComponent(error.details.param ?? "")}` : error.type;
  }
  const day = encodeURIComponent(String(form.get("date") ?? ""));
  redirect(created ? `/console/${workspaceId}/bookings/${created}` : `/console/${workspaceId}/bookings/new?service=${serviceId}&date=${day}&error=${problem}`);
}
