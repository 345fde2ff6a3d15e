import { methods, route } from "@/lib/http/route";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas";
import * as op from "@/lib/openapi/operations/staff";
import { createStaff } from "@/lib/staff/create-staff";
import { listStaff } from "@/lib/staff/list-staff";
import { toStaff } from "@/lib/staff/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/staff – every calendar, newest first (SK)
  GET: route(op.listStaff, async ({ ctx, query }) => listStaff({ ctx, page: { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor } })),
  // POST /v1/staff – create a calendar within the plan's cap (SK)
  POST: route(op.createStaff, async ({ ctx, body }) => toStaff(await createStaff({ ctx, input: body }))),
});
