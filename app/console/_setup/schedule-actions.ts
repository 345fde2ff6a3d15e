"use server";

import { revalidatePath } from "next/cache";
import { createExternalCalendar } from "@/lib/external-calendars/create-external-calendar";
import { deleteExternalCalendar } from "@/lib/external-calendars/delete-external-calendar";
import { CreateExternalCalendarBody, UpdateExternalCalendarBody } from "@/lib/external-calendars/schemas";
import { syncNow } from "@/lib/external-calendars/sync-now";
import { updateExternalCalendar } from "@/lib/external-calendars/update-external-calendar";
import { parseWith } from "@/lib/http/route";
import { actAsMember } from "@/lib/members/console-access";
import { createTimeOff } from "@/lib/staff/create-time-off";
import { deleteTimeOff } from "@/lib/staff/delete-time-off";
import { CreateTimeOffBody, PutWorkingHoursBody } from "@/lib/staff/schemas";
import { setWorkingHours } from "@/lib/staff/set-working-hours";
import { requireConsole } from "../_session";
import { refusal, text, textOrNull, zonedInstant, type FormState } from "./form-state";

/**
 * The Schedule page's writes (docs/console.md#schedule): each checks the form with the API's
 * schema and calls the verb the API route calls, with the member as the actor.
 */
async function open(form: FormData) {
  const workspaceId = text(form, "workspace");
  const staffId = text(form, "staff");
  const { ctx } = await requireConsole(workspaceId);
  return { ctx, staffId, done: (): FormState => (revalidatePath(`/console/${workspaceId}`, "layout"), { saved: ctx.clock.now().getTime() }) };
}

/** As the API records a write under /v1/staff/{id}/…: the calendar is the target (docs/console.md#audit-log). */
const calendar = (staffId: string) => ({ targetType: "calendar", targetId: staffId });

/** PUT /v1/staff/{id}/working-hours: the whole week, as the editor holds it. */
export async function saveHoursAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, staffId, done } = await open(form);
  try {
    let blocks: unknown;
    try {
      blocks = JSON.parse(text(form, "working_hours"));
    } catch {
      blocks = text(form, "working_hours");
    }
    const body = parseWith(PutWorkingHoursBody, { working_hours: blocks });
    await actAsMember(ctx, { ...calendar(staffId), action: "setWorkingHours" }, (acting) =>
      setWorkingHours({ ctx: acting, staffId, blocks: body.working_hours }),
    );
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/** POST /v1/staff/{id}/time-off, the times typed in the workspace's zone. */
export async function addTimeOffAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, staffId, done } = await open(form);
  const zone = ctx.workspace.timezone;
  try {
    const body = parseWith(CreateTimeOffBody, {
      starts_at: zonedInstant(form, "starts_at", zone),
      ends_at: zonedInstant(form, "ends_at", zone),
      reason: textOrNull(form, "reason"),
    });
    await actAsMember(ctx, { ...calendar(staffId), action: "createTimeOff" }, (acting) => createTimeOff({ ctx: acting, staffId, input: body }));
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/** DELETE /v1/staff/{id}/time-off/{timeOffId}. */
export async function removeTimeOffAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, staffId, done } = await open(form);
  const id = text(form, "id");
  try {
    await actAsMember(ctx, { ...calendar(staffId), action: "deleteTimeOff" }, (acting) => deleteTimeOff({ ctx: acting, staffId, id }));
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/** POST /v1/staff/{id}/external-calendars: an ICS address, or a CalDAV account with its write-back choice. */
export async function addExternalCalendarAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, staffId, done } = await open(form);
  const kind = text(form, "kind");
  const common = { kind, url: text(form, "url").trim(), name: textOrNull(form, "name") };
  try {
    const body = parseWith(
      CreateExternalCalendarBody,
      kind === "caldav"
        ? { ...common, username: text(form, "username"), password: text(form, "password"), write_back: form.get("write_back") === "on" }
        : common,
    );
    await actAsMember(ctx, { ...calendar(staffId), action: "createExternalCalendar" }, (acting) =>
      createExternalCalendar({ ctx: acting, staffId, input: body }),
    );
  } catch (error) {
    return refusal(error);
  }
  return done();
}

type ExternalAction = "sync" | "off" | "on" | "remove";

/** An external calendar's buttons: "Sync now" (POST …/sync), turn off or on (PATCH active), remove (DELETE). */
export async function externalCalendarAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, staffId, done } = await open(form);
  const id = text(form, "id");
  const action = text(form, "action") as ExternalAction;
  const target = calendar(staffId);
  try {
    if (action === "sync") {
      await actAsMember(ctx, { ...target, action: "syncExternalCalendar" }, (acting) => syncNow({ ctx: acting, staffId, id }));
    } else if (action === "off" || action === "on") {
      const input = parseWith(UpdateExternalCalendarBody, { active: action === "on" });
      await actAsMember(ctx, { ...target, action: "updateExternalCalendar" }, (acting) => updateExternalCalendar({ ctx: acting, staffId, id, input }));
    } else if (action === "remove") {
      await actAsMember(ctx, { ...target, action: "deleteExternalCalendar" }, (acting) => deleteExternalCalendar({ ctx: acting, staffId, id }));
    }
  } catch (error) {
    return refusal(error);
  }
  return done();
}
