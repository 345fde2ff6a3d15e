"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createCategory } from "@/lib/categories/create-category";
import { deleteCategory } from "@/lib/categories/delete-category";
import { listCategories } from "@/lib/categories/list-categories";
import { CreateCategoryBody, UpdateCategoryBody } from "@/lib/categories/schemas";
import { updateCategory } from "@/lib/categories/update-category";
import { parseWith } from "@/lib/http/route";
import { actAsMember } from "@/lib/members/console-access";
import { createQuestion } from "@/lib/questions/create-question";
import { deleteQuestion } from "@/lib/questions/delete-question";
import { listQuestions } from "@/lib/questions/list-questions";
import { CreateQuestionBody, UpdateQuestionBody } from "@/lib/questions/schemas";
import { updateQuestion } from "@/lib/questions/update-question";
import { createService } from "@/lib/services/create-service";
import { getService } from "@/lib/services/get-service";
import { listServices } from "@/lib/services/list-services";
import { replaceService } from "@/lib/services/replace-service";
import { ServiceBody, ServiceCategoryBody, ServiceStaffBody } from "@/lib/services/schemas";
import { setServiceActive } from "@/lib/services/set-service-active";
import { setServiceCategory } from "@/lib/services/set-service-category";
import { setServiceStaff } from "@/lib/services/set-service-staff";
import { createStaff } from "@/lib/staff/create-staff";
import { deactivateStaff } from "@/lib/staff/deactivate-staff";
import { CreateStaffBody, UpdateStaffBody } from "@/lib/staff/schemas";
import { updateStaff } from "@/lib/staff/update-staff";
import { requireConsole } from "../_session";
import { cents, refusal, text, textOrNull, wholeNumber, type FormState } from "./form-state";

/**
 * The Services and Calendars pages' writes (docs/console.md#services-and-calendars): the form is
 * checked whole with the API's schemas before the first write, then the verbs the API routes
 * call run with the member as the actor, each recorded as the API records it.
 */
async function open(form: FormData) {
  const workspaceId = text(form, "workspace");
  const { ctx } = await requireConsole(workspaceId);
  return { ctx, workspaceId, done: (): FormState => (revalidatePath(`/console/${workspaceId}`, "layout"), { saved: ctx.clock.now().getTime() }) };
}

/** The service form as ServiceBody: every writable field, amounts typed in the currency's units. */
function serviceBody(form: FormData) {
  const mode = text(form, "payment_mode");
  return {
    name: text(form, "name"),
    description: textOrNull(form, "description"),
    duration_minutes: wholeNumber(form, "duration_minutes") ?? "",
    buffer_before_minutes: wholeNumber(form, "buffer_before_minutes"),
    buffer_after_minutes: wholeNumber(form, "buffer_after_minutes"),
    min_lead_minutes: wholeNumber(form, "min_lead_minutes"),
    max_advance_days: wholeNumber(form, "max_advance_days"),
    min_cancel_notice_minutes: wholeNumber(form, "min_cancel_notice_minutes"),
    price_cents: cents(form, "price_cents"),
    payment_mode: mode === "" ? undefined : mode,
    deposit_amount_cents: mode === "deposit_fixed" ? cents(form, "deposit_amount_cents") : null,
    deposit_percent: mode === "deposit_percent" ? (wholeNumber(form, "deposit_percent") ?? null) : null,
    capacity: wholeNumber(form, "capacity"),
    repeat_max: wholeNumber(form, "repeat_max"),
  };
}

const serviceTarget = (id: string | null) => ({ targetType: "service", targetId: id });

/** New service (POST /v1/services) or its full replace (PUT /v1/services/{id}), then its calendars, category and active. */
export async function saveServiceAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, workspaceId, done } = await open(form);
  const existing = text(form, "id") || null;
  let created = "";
  try {
    const body = parseWith(ServiceBody, serviceBody(form));
    const staff = parseWith(ServiceStaffBody, { staff_ids: form.getAll("staff_ids").map(String) });
    const category = parseWith(ServiceCategoryBody, { category_id: textOrNull(form, "category_id") });
    const active = form.get("active") === "on";
    const row = existing
      ? await actAsMember(ctx, { ...serviceTarget(existing), action: "replaceService" }, (acting) => replaceService({ ctx: acting, id: existing, input: body }))
      : await actAsMember(
          ctx,
          { ...serviceTarget(null), action: "createService" },
          (acting) => createService({ ctx: acting, input: body }),
          (made) => made.id,
        );
    const target = serviceTarget(row.id);
    await actAsMember(ctx, { ...target, action: "setServiceStaff" }, (acting) => setServiceStaff({ ctx: acting, id: row.id, staffIds: staff.staff_ids }));
    const current = await getService({ ctx, id: row.id });
    if ((current.row.categoryId ?? null) !== category.category_id) {
      await actAsMember(ctx, { ...target, action: "setServiceCategory" }, (acting) =>
        setServiceCategory({ ctx: acting, id: row.id, categoryId: category.category_id }),
      );
    }
    if (current.row.active !== active) {
      await actAsMember(ctx, { ...target, action: active ? "activateService" : "deactivateService" }, (acting) =>
        setServiceActive({ ctx: acting, id: row.id, active }),
      );
    }
    if (!existing) created = row.id;
  } catch (error) {
    return refusal(error);
  }
  if (created) redirect(`/console/${workspaceId}/services/${created}?created=1`);
  return done();
}

/** POST /v1/categories: a category to file services under. */
export async function addCategoryAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  try {
    const body = parseWith(CreateCategoryBody, { name: text(form, "name") });
    await actAsMember(
      ctx,
      { targetType: "category", targetId: null, action: "createCategory" },
      (acting) => createCategory({ ctx: acting, input: body }),
      (row) => row.id,
    );
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/**
 * A list in the business's order (questions, categories) renumbered with `id` moved just before
 * (`up`) or just after its neighbour; only the rows whose position changes are written.
 */
async function moveBeside(
  all: readonly { id: string; position: number }[],
  id: string,
  neighbour: string,
  up: boolean,
  write: (id: string, position: number) => Promise<unknown>,
): Promise<void> {
  const order = all.map((row) => row.id).filter((other) => other !== id);
  order.splice(order.indexOf(neighbour) + (up ? 0 : 1), 0, id);
  for (const [position, rowId] of order.entries()) {
    if (all.find((row) => row.id === rowId)?.position !== position) await write(rowId, position);
  }
}

/** PATCH /v1/categories/{id}: a new name. */
export async function renameCategoryAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  const id = text(form, "id");
  try {
    const input = parseWith(UpdateCategoryBody, { name: text(form, "name") });
    await actAsMember(ctx, { targetType: "category", targetId: id, action: "updateCategory" }, (acting) => updateCategory({ ctx: acting, id, input }));
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/** "Move up" / "Move down": the categories renumbered (PATCH /v1/categories/{id} position), this one past its neighbour. */
export async function moveCategoryAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  const id = text(form, "id");
  const up = text(form, "direction") === "up";
  try {
    const all = await listCategories({ ctx });
    const at = all.findIndex((category) => category.id === id);
    const neighbour = all[up ? at - 1 : at + 1];
    if (at < 0 || !neighbour) return done();
    await moveBeside(all, id, neighbour.id, up, (categoryId, position) => {
      const input = parseWith(UpdateCategoryBody, { position });
      return actAsMember(ctx, { targetType: "category", targetId: categoryId, action: "updateCategory" }, (acting) =>
        updateCategory({ ctx: acting, id: categoryId, input }),
      );
    });
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/** DELETE /v1/categories/{id}: its services stay, uncategorised. */
export async function deleteCategoryAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  const id = text(form, "id");
  try {
    await actAsMember(ctx, { targetType: "category", targetId: id, action: "deleteCategory" }, (acting) => deleteCategory({ ctx: acting, id }));
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/** POST /v1/questions, asked for this service: label, type, options (select, one a line), help text, required. */
export async function addQuestionAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  const serviceId = text(form, "service");
  const type = text(form, "type");
  try {
    const body = parseWith(CreateQuestionBody, {
      label: text(form, "label"),
      help_text: textOrNull(form, "help_text"),
      type,
      ...(type === "select"
        ? {
            options: text(form, "options")
              .split(/\r?\n/)
              .map((line) => line.trim())
              .filter(Boolean),
          }
        : {}),
      required: form.get("required") === "on",
      applies_to: "selected_services",
      service_ids: [serviceId],
    });
    await actAsMember(
      ctx,
      { targetType: "question", targetId: null, action: "createQuestion" },
      (acting) => createQuestion({ ctx: acting, input: body }),
      (row) => row.id,
    );
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/**
 * "Move up" / "Move down" among the questions this service asks: the business's one order of
 * questions is renumbered (PATCH /v1/questions/{id} position) with the question past its neighbour.
 */
export async function moveQuestionAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  const serviceId = text(form, "service");
  const id = text(form, "id");
  const up = text(form, "direction") === "up";
  try {
    const all = await listQuestions({ ctx });
    const asked = (await listQuestions({ ctx, serviceId })).map((question) => question.id);
    const at = asked.indexOf(id);
    const neighbour = asked[up ? at - 1 : at + 1];
    if (at < 0 || !neighbour) return done();
    await moveBeside(all, id, neighbour, up, (questionId, position) => {
      const input = parseWith(UpdateQuestionBody, { position });
      return actAsMember(ctx, { targetType: "question", targetId: questionId, action: "updateQuestion" }, (acting) =>
        updateQuestion({ ctx: acting, id: questionId, input }),
      );
    });
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/**
 * "Remove" a question from this service: a question only this service asks is deleted; one
 * other services ask too stops being asked here (its service_ids without this one).
 */
export async function removeQuestionAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  const serviceId = text(form, "service");
  const id = text(form, "id");
  const target = { targetType: "question", targetId: id };
  try {
    const question = (await listQuestions({ ctx })).find((row) => row.id === id);
    if (!question) return done();
    const others =
      question.appliesTo === "all_services"
        ? (await listServices({ ctx, page: { limit: 500 } })).data.map((service) => service.id).filter((other) => other !== serviceId)
        : question.serviceIds.filter((other) => other !== serviceId);
    if (others.length === 0) {
      await actAsMember(ctx, { ...target, action: "deleteQuestion" }, (acting) => deleteQuestion({ ctx: acting, id }));
    } else {
      const input = parseWith(UpdateQuestionBody, { applies_to: "selected_services", service_ids: others });
      await actAsMember(ctx, { ...target, action: "updateQuestion" }, (acting) => updateQuestion({ ctx: acting, id, input }));
    }
  } catch (error) {
    return refusal(error);
  }
  return done();
}

const calendarTarget = (id: string | null) => ({ targetType: "calendar", targetId: id });

/** POST /v1/staff: a new calendar, within the plan's cap. */
export async function addCalendarAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  try {
    const body = parseWith(CreateStaffBody, { name: text(form, "name"), title: textOrNull(form, "title"), bio: textOrNull(form, "bio") });
    await actAsMember(
      ctx,
      { ...calendarTarget(null), action: "createStaff" },
      (acting) => createStaff({ ctx: acting, input: body }),
      (row) => row.id,
    );
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/** PATCH /v1/staff/{id}: the name, title and bio. */
export async function updateCalendarAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  const id = text(form, "id");
  try {
    const body = parseWith(UpdateStaffBody, { name: text(form, "name"), title: textOrNull(form, "title"), bio: textOrNull(form, "bio") });
    await actAsMember(ctx, { ...calendarTarget(id), action: "updateStaff" }, (acting) => updateStaff({ ctx: acting, id, input: body }));
  } catch (error) {
    return refusal(error);
  }
  return done();
}

/** DELETE /v1/staff/{id} deactivates; PATCH active true re-activates within the plan's cap. */
export async function calendarActiveAction(_: FormState, form: FormData): Promise<FormState> {
  const { ctx, done } = await open(form);
  const id = text(form, "id");
  try {
    if (text(form, "active") === "true") {
      const input = parseWith(UpdateStaffBody, { active: true });
      await actAsMember(ctx, { ...calendarTarget(id), action: "updateStaff" }, (acting) => updateStaff({ ctx: acting, id, input }));
    } else {
      await actAsMember(ctx, { ...calendarTarget(id), action: "deactivateStaff" }, (acting) => deactivateStaff({ ctx: acting, id }));
    }
  } catch (error) {
    return refusal(error);
  }
  return done();
}
