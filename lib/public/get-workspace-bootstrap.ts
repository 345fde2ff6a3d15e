import { and, asc, eq, exists, inArray } from "drizzle-orm";
import { findPublishableKey } from "@/lib/api-keys/find-publishable-key";
import type { PublicContext } from "@/lib/context";
import { serviceStaff, services, staff, workspaces, type WorkspaceRow } from "@/lib/db/schema";
import type { Queryable } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { listCategories } from "@/lib/categories/list-categories";
import { toCategory } from "@/lib/categories/serialize";
import { listQuestions } from "@/lib/questions/list-questions";
import { toQuestion } from "@/lib/questions/serialize";
import { toServiceCustomer } from "@/lib/services/serialize";
import { toStaffCustomer } from "@/lib/staff/serialize";
import type { PublicBootstrap } from "./schemas";
import { toPublicWorkspace } from "./serialize";

/**
 * Everything a booking page needs, by slug and with no key: the workspace's customer-facing
 * settings, the bookable services (active, offered by at least one active calendar), the
 * calendars a customer can pick (active, offering at least one of those services), the
 * categories and questions in the business's order, and the publishable key to book with.
 */
export async function getWorkspaceBootstrap({ ctx, slug }: { ctx: Pick<PublicContext, "db">; slug: string }): Promise<PublicBootstrap> {
  const { db } = ctx;
  const [workspace] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.slug, slug.toLowerCase()), eq(workspaces.active, true)));
  if (!workspace) throw notFound("workspace");

  const scope = { db, workspace };
  const [publishableKey, offered, categoryRows, questionRows] = await Promise.all([
    findPublishableKey(db, workspace.id),
    listOfferedServices(db, workspace),
    listCategories({ ctx: scope }),
    listQuestions({ ctx: scope }),
  ]);
  const serviceIds = offered.map((row) => row.id);
  const calendars = await listBookableCalendars(db, workspace, serviceIds);

  const listed = new Set(serviceIds);
  const questionsOut = questionRows.flatMap((row) => {
    if (row.appliesTo === "all_services") return [toQuestion(row, [])];
    // Only services this page lists; a question left with none is asked nowhere.
    const visible = row.serviceIds.filter((id) => listed.has(id));
    return visible.length > 0 ? [toQuestion(row, visible)] : [];
  });

  return {
    workspace: toPublicWorkspace(workspace, publishableKey),
    services: offered.map((row) => toServiceCustomer(row, workspace)),
    staff: calendars.map(toStaffCustomer),
    categories: categoryRows.map(toCategory),
    questions: questionsOut,
  };
}

function listOfferedServices(db: Queryable, workspace: WorkspaceRow) {
  const offeredByActiveCalendar = db
    .select({ one: serviceStaff.staffId })
    .from(serviceStaff)
    .innerJoin(staff, eq(staff.id, serviceStaff.staffId))
    .where(and(eq(serviceStaff.serviceId, services.id), eq(staff.active, true)));
  return db
    .select()
    .from(services)
    .where(and(eq(services.workspaceId, workspace.id), eq(services.active, true), exists(offeredByActiveCalendar)))
    .orderBy(asc(services.createdAt), asc(services.id));
}

async function listBookableCalendars(db: Queryable, workspace: WorkspaceRow, serviceIds: string[]) {
  if (serviceIds.length === 0) return [];
  const offersListedService = db
    .select({ one: serviceStaff.serviceId })
    .from(serviceStaff)
    .where(and(eq(serviceStaff.staffId, staff.id), inArray(serviceStaff.serviceId, serviceIds)));
  return db
    .select()
    .from(staff)
    .where(and(eq(staff.workspaceId, workspace.id), eq(staff.active, true), exists(offersListedService)))
    .orderBy(asc(staff.createdAt), asc(staff.id));
}
